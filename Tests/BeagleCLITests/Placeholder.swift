import Testing

@testable import BeagleCLI
