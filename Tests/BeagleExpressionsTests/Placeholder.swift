import Testing

@testable import BeagleExpressions
