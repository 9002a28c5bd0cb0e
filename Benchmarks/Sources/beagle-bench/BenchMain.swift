/// Runs a command line and returns the exit status.
enum BenchMain {
  static func run(_ arguments: [String]) -> Int32 {
    let command: BenchCommand
    do throws(BenchError) {
      command = try BenchCommand.parse(arguments)
    } catch {
      Log.error(error.description)
      Log.plain(BenchCommand.usage)
      return 64
    }
    switch command {
    case .help:
      print(BenchCommand.usage)
      return 0
    case .measure(let kind, let path, let runs):
      do {
        print(try MeasureCommand.run(kind: kind, path: path, runs: runs).line)
        return 0
      } catch {
        Log.error("\(error)")
        return 1
      }
    case .scenarios(let options):
      do throws(BenchError) {
        let result = try ScenarioBenchmark(options: options, root: PackageRoot.locate()).run()
        print(ScenarioBenchmark.render(result), terminator: "")
        return 0
      } catch {
        Log.error(error.description)
        return 1
      }
    case .graph(let options):
      do throws(BenchError) {
        let result = try GraphBenchmark(options: options, root: PackageRoot.locate()).run()
        print(GraphBenchmark.render(result), terminator: "")
        return 0
      } catch {
        Log.error(error.description)
        return 1
      }
    case .scaling(let options):
      do throws(BenchError) {
        let result = try ScalingBenchmark(options: options, root: PackageRoot.locate()).run()
        print(ScalingBenchmark.render(result), terminator: "")
        return 0
      } catch {
        Log.error(error.description)
        return 1
      }
    case .memory(let options):
      do throws(BenchError) {
        let result = try MemoryBenchmark(options: options, root: PackageRoot.locate()).run()
        print(MemoryBenchmark.render(result), terminator: "")
        return 0
      } catch {
        Log.error(error.description)
        return 1
      }
    case .serve(let options):
      do throws(BenchError) {
        let result = try ServeBenchmark(options: options, root: PackageRoot.locate()).run()
        print(ServeBenchmark.render(result), terminator: "")
        return 0
      } catch {
        Log.error(error.description)
        return 1
      }
    case .instructions(let options):
      do throws(BenchError) {
        let result = try InstructionsBenchmark(options: options, root: PackageRoot.locate()).run()
        print(InstructionsBenchmark.render(result), terminator: "")
        return 0
      } catch {
        Log.error(error.description)
        return 1
      }
    case .linkOrder(let options):
      do throws(BenchError) {
        let result = try LinkOrderGenerator(options: options, root: PackageRoot.locate()).run()
        print(LinkOrderGenerator.render(result), terminator: "")
        return 0
      } catch {
        Log.error(error.description)
        return 1
      }
    case .benchmark(let options):
      do throws(BenchError) {
        let root = PackageRoot.locate()
        let benchmark = Benchmark(
          options: options, root: root, executable: ChildProcess.currentExecutable())
        let report = try benchmark.run()
        print(report.render(), terminator: "")
      } catch {
        Log.error(error.description)
        return 1
      }
      do {
        print(
          ExpressionBenchmark.render(try ExpressionBenchmark.run(runs: options.runs)),
          terminator: "")
        return 0
      } catch {
        Log.error("\(error)")
        return 1
      }
    }
  }
}
