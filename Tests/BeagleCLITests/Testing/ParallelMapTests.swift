import BeagleTestSupport
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

  @Test("when no worker thread can be started, the calling thread does every job")
  func noThreads() {
    // No address space has room for a stack of a pebibyte: every pthread_create fails,
    // as the real 8 MB does when memory is short. Waiting for workers that never
    // started used to wait forever.
    let caller = currentThreadID()
    var handed: [Int] = []
    let results = ParallelMap.map(
      count: 6, workers: 3, stackSize: 1 << 50, state: { 0 }, finish: { _ in }
    ) { index, done in
      done += 1
      return (index, done, currentThreadID() == caller)
    } each: { index, _ in
      handed.append(index)
    }
    #expect(results.map(\.0) == Array(0..<6))
    // One state for all six jobs: one worker, the caller.
    #expect(results.map(\.1) == Array(1...6))
    #expect(results.allSatisfy { $0.2 })
    #expect(handed == Array(0..<6))
  }
}
