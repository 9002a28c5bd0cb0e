import Testing

@testable import BeagleJSON
