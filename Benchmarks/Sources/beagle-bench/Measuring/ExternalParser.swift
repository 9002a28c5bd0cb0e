/// A JSON parser of another runtime, timed by a script that runs inside that
/// runtime: it reads the file into a string (not timed), parses it N times and
/// prints the median in milliseconds. Process start-up and file reading are not
/// part of the time.
struct ExternalParser: Sendable {
  /// The column title and the program looked up on `PATH`.
  var name: String
  var program: String
  /// Arguments before the file and the run count.
  var arguments: [String]

  static let node = ExternalParser(
    name: "node JSON.parse", program: "node",
    arguments: ["--max-old-space-size=8192", "-e", nodeScript])

  static let python = ExternalParser(
    name: "python json.loads", program: "python3", arguments: ["-c", pythonScript])

  /// The median parse time in seconds, or why there is none.
  func medianSeconds(path: String, runs: Int) -> Outcome<Double> {
    guard let executable = ChildProcess.find(program) else {
      return .unavailable("n/a (\(program) not on PATH)")
    }
    let child = ChildProcess(
      executable: executable, arguments: arguments + [path, String(runs)])
    do throws(BenchError) {
      let outcome = try child.run()
      let firstWord = outcome.output.split(whereSeparator: \.isWhitespace).first
      guard outcome.status == 0, let milliseconds = firstWord.flatMap({ Double($0) }) else {
        return .unavailable("n/a (\(program) exited with status \(outcome.status))")
      }
      return .measured(milliseconds / 1_000)
    } catch {
      return .unavailable("n/a (\(error))")
    }
  }
}

private let nodeScript = """
  const fs = require('fs');
  const [file, runs] = process.argv.slice(-2);
  const text = fs.readFileSync(file, 'utf8');
  const times = [];
  let kept = 0;
  for (let run = 0; run < Number(runs); run++) {
    const start = process.hrtime.bigint();
    const value = JSON.parse(text);
    const end = process.hrtime.bigint();
    kept += value ? 1 : 0;
    times.push(Number(end - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const middle = times.length >> 1;
  const median = times.length % 2 ? times[middle] : (times[middle - 1] + times[middle]) / 2;
  console.log(median.toFixed(3), kept);
  """

private let pythonScript = """
  import json, sys, time
  path, runs = sys.argv[-2], int(sys.argv[-1])
  with open(path, encoding="utf-8") as f:
      text = f.read()
  times = []
  for _ in range(runs):
      start = time.perf_counter_ns()
      value = json.loads(text)
      end = time.perf_counter_ns()
      del value
      times.append((end - start) / 1e6)
  times.sort()
  middle = len(times) // 2
  print("%.3f" % (times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2))
  """
