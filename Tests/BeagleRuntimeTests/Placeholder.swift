import Testing

@testable import BeagleRuntime
