/// One way of running `beagle-run` that `beagle-bench scaling` times at every size.
struct ScalingWorkload: Sendable, Equatable {
  /// How the report names it: `check`, `run --format json`.
  var name: String
  /// The arguments before the screen's path; `{script}` stands for the script file.
  var arguments: [String]

  /// The workloads: every verb and format a user runs on a big screen.
  static let all = [
    ScalingWorkload(name: "check", arguments: ["check"]),
    ScalingWorkload(name: "run (text)", arguments: ["run"]),
    ScalingWorkload(name: "run --format json", arguments: ["run", "--format", "json"]),
    ScalingWorkload(name: "run --format html", arguments: ["run", "--format", "html"]),
    ScalingWorkload(name: "run --explain", arguments: ["run", "--explain"]),
    ScalingWorkload(name: "run --script (10 steps)", arguments: ["run", "--script", scriptToken]),
  ]

  static let scriptToken = "{script}"

  /// Ten steps that work on every generated screen: context changes the whole
  /// screen may depend on, and expectations that read the navigator.
  static let script = """
    # beagle-bench scaling: 10 steps
    action {"_beagleAction_": "beagle:setContext", "contextId": "global", "value": {"step": 1}}
    expect stacks 1
    action {"_beagleAction_": "beagle:setContext", "contextId": "global", "value": {"step": 2}}
    expect depth 1
    action {"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "step", "value": 3}
    action {"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "user.name", "value": "Ana"}
    expect stacks 1
    action {"_beagleAction_": "beagle:setContext", "contextId": "global", "path": "step", "value": 4}
    expect depth 1
    action {"_beagleAction_": "beagle:setContext", "contextId": "global", "value": null}

    """

  /// The command line for `screen`, the script file at `scriptPath`.
  func arguments(screen: String, scriptPath: String) -> [String] {
    arguments.map { $0 == Self.scriptToken ? scriptPath : $0 } + [screen]
  }
}
