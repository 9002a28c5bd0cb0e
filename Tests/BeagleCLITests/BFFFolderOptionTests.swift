import Foundation
import Testing

@Suite struct BFFFolderOptionTests {
  @Test("run --bff with a folder that is not there fails before the run starts, as --mocks does")
  func missingFolder() {
    let outcome = beagleRunArray(["Examples/shop/index.json", "--bff", "no/such/folder"])
    #expect(outcome.code == 1)
    #expect(outcome.output.isEmpty)
    #expect(outcome.errors == "beagle-run: error: --bff: no such folder 'no/such/folder'\n")
  }

  @Test("run --bff naming a file is refused the same way")
  func fileNotFolder() {
    let outcome = beagleRunArray(["Examples/shop/index.json", "--bff", "Examples/shop/cart.json"])
    #expect(outcome.code == 1)
    #expect(outcome.output.isEmpty)
    #expect(
      outcome.errors
        == "beagle-run: error: --bff: 'Examples/shop/cart.json' is a file, not a folder\n")
  }

  @Test("run --bff with a folder that exists runs")
  func existingFolder() {
    let outcome = beagleRunArray(["Examples/shop/index.json", "--bff", "Examples/shop"])
    #expect(outcome.code == 0)
    #expect(outcome.errors.isEmpty)
  }

  @Test("check --bff with a folder that is not there, or a file, fails before checking")
  func checkMissingFolder() {
    let missing = beagleRunArray(["check", "Examples/shop/index.json", "--bff", "no/such/folder"])
    #expect(missing.code == 1)
    #expect(missing.output.isEmpty)
    #expect(missing.errors == "beagle-run: error: --bff: no such folder 'no/such/folder'\n")
    let file = beagleRunArray(
      ["check", "Examples/shop/index.json", "--bff", "Examples/shop/cart.json"])
    #expect(file.code == 1)
    #expect(
      file.errors == "beagle-run: error: --bff: 'Examples/shop/cart.json' is a file, not a folder\n"
    )
    let existing = beagleRunArray(["check", "Examples/shop/index.json", "--bff", "Examples/shop"])
    #expect(existing.code == 0)
  }
}
