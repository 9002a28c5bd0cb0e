import Foundation
import Testing

@testable import BeagleCLI

@Suite struct ParallelMapTests {
  @Test("results come back in index order whatever order the jobs finish in", arguments: [1, 2, 7])
  func order(workers: Int) {
    let results = ParallelMap.map(count: 40, workers: workers) { index in
      Thread.sleep(forTimeInterval: Double((index * 7) % 5) / 2_000)
      return index * index
    }
    #expect(results == (0..<40).map { $0 * $0 })
  }

  @Test("every job runs once, on several threads at once")
  func concurrency() {
    let results = ParallelMap.map(count: 8, workers: 4) { index in
      Thread.sleep(forTimeInterval: 0.02)
      return (index, Thread.isMainThread)
    }
    #expect(results.map(\.0) == Array(0..<8))
    #expect(results.allSatisfy { !$0.1 })
    #expect(ParallelMap.map(count: 0, workers: 4) { $0 } == [])
  }
}
