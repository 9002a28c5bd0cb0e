import BeagleRuntime

/// `--compare-profiles`: the same screen and script run under each profile, and,
/// step by step, where their states differ and the rule behind it (docs/spec.md §10).
struct ProfileComparison {
  /// One aspect of one step whose value is not the same under every profile.
  struct Difference: Equatable {
    /// The aspect (`screen`, `contexts.user`, `run`…).
    var aspect: String
    /// Profiles with the same value, in the order profiles were given; each value
    /// is its lines with the lines every profile shares at the start and end
    /// left out.
    var groups: [(profiles: [NavigationProfile], lines: [String])]
    /// How many leading lines every profile shares (left out of ``groups``).
    var sharedLeadingLines: Int
    /// The rules behind the difference; empty when none could be determined.
    var rules: [ProfileRule]
    /// The step where the aspect started to differ, when earlier than this one
    /// and no new rule applied since.
    var since: Int?

    static func == (lhs: Difference, rhs: Difference) -> Bool {
      lhs.aspect == rhs.aspect && lhs.rules == rhs.rules && lhs.since == rhs.since
        && lhs.sharedLeadingLines == rhs.sharedLeadingLines
        && lhs.groups.elementsEqual(rhs.groups) {
          $0.profiles == $1.profiles && $0.lines == $1.lines
        }
    }
  }

  /// The differences of one step.
  struct Step: Equatable {
    var step: Int
    var event: String
    var differences: [Difference]
  }

  var profiles: [NavigationProfile]
  /// How many states the longest run printed.
  var stateCount: Int
  /// Only the steps with differences; a difference that stays the same from one
  /// step to the next is listed at the first.
  var steps: [Step]
  /// The runs, in profile order.
  var runs: [ProfileRun]

  /// The name of the aspect that says a profile's run failed or stopped.
  static let runAspect = "run"

  init(runs: [ProfileRun]) {
    self.runs = runs
    profiles = runs.map(\.profile)
    let uses = ExpressionRule.uses(in: runs.first { !$0.screens.isEmpty }?.screens ?? [])
    stateCount = max(runs.map { max($0.states.count, 1) }.max() ?? 0, 1)
    var steps: [Step] = []
    // Aspect → (step it started to differ, its rules, each profile's lines), while
    // it keeps differing. A difference is listed again only when it changes.
    var open: [String: (step: Int, rules: [ProfileRule], lines: [[String]])] = [:]
    for index in 0..<stateCount {
      let values = runs.map { Self.values(of: $0, at: index) }
      // Each rule of the step, with the profiles whose log named it.
      var ruleProfiles: [ProfileRule: Set<NavigationProfile>] = [:]
      for run in runs where index < run.states.count {
        for entry in run.states[index].rules {
          if let rule = ProfileRule(message: entry.message) {
            ruleProfiles[rule, default: []].insert(run.profile)
          }
        }
      }
      var names: [String] = []
      for value in values {
        for (name, _) in value where !names.contains(name) { names.append(name) }
      }
      var differences: [Difference] = []
      var stillOpen: [String: (step: Int, rules: [ProfileRule], lines: [[String]])] = [:]
      for name in names {
        let lines = values.map { value in value.first { $0.name == name }?.lines ?? [] }
        guard Set(lines).count > 1 else { continue }
        if let earlier = open[name], earlier.lines == lines {
          stillOpen[name] = earlier
          continue
        }
        var stepRules = Self.rules(ruleProfiles, explaining: lines, profiles: profiles)
        // Expressions log nothing at run time: a difference web alone shows, which no
        // logged rule explains, is put down to web's operations, number text or grammar,
        // one Android alone shows to Android's operations (docs/spec.md §10.11, §10.13, §10.14).
        if stepRules.isEmpty {
          stepRules = ExpressionRule.rules(explaining: lines, profiles: profiles, uses: uses)
          // The global context's `""` on Android is its own rule (below).
          if name != "contexts.global" {
            stepRules.formUnion(
              ExpressionRule.androidRules(explaining: lines, profiles: profiles, uses: uses))
          }
        }
        var rules = stepRules.sorted()
        var since: Int?
        if !rules.isEmpty, let earlier = open[name] {
          rules = stepRules.union(earlier.rules).sorted()
        } else if let earlier = open[name] {
          rules = earlier.rules
          since = earlier.step
        } else if rules.isEmpty, name == "contexts.global",
          let android = profiles.firstIndex(of: .android), lines[android] == ["\"\""]
        {
          rules = [ProfileRule.androidGlobal]
        }
        stillOpen[name] = (since ?? index, rules, lines)
        differences.append(Self.difference(name, lines: lines, profiles: profiles, rules, since))
      }
      open = stillOpen
      if !differences.isEmpty {
        let event =
          runs.lazy.compactMap { $0.events.indices.contains(index) ? $0.events[index] : nil }
          .first ?? "load"
        steps.append(Step(step: index, event: event, differences: differences))
      }
    }
    self.steps = steps
  }

  /// The rules that explain how `lines` split the profiles: those named by every
  /// profile of some groups of equal values and by no profile of the others (a
  /// rule only web followed does not explain why Android differs from iOS and web).
  private static func rules(
    _ ruleProfiles: [ProfileRule: Set<NavigationProfile>], explaining lines: [[String]],
    profiles: [NavigationProfile]
  ) -> Set<ProfileRule> {
    var groups: [[String]: Set<NavigationProfile>] = [:]
    for (profile, value) in zip(profiles, lines) { groups[value, default: []].insert(profile) }
    return Set(
      ruleProfiles.filter { _, named in
        groups.values.allSatisfy { $0.isSubset(of: named) || $0.isDisjoint(with: named) }
      }.keys)
  }

  /// Whether any profile's run failed (exit 1, as `run` would).
  var hasFailedRun: Bool { runs.contains { $0.code != CommandLineTool.ExitCode.success } }

  /// The aspects of a run at a step: its state's, plus `run` when the run failed
  /// there or stopped before.
  private static func values(of run: ProfileRun, at index: Int) -> [(name: String, lines: [String])]
  {
    if run.states.isEmpty {
      return [(runAspect, ["the screen does not load"] + run.failureLines)]
    }
    guard index < run.states.count else {
      return [(runAspect, ["stopped after step \(run.states.count - 1)"])]
    }
    var values = run.states[index].lines
    if index == run.states.count - 1, !run.failureLines.isEmpty {
      values.append((runAspect, run.failureLines))
    }
    return values
  }

  private static func difference(
    _ name: String, lines: [[String]], profiles: [NavigationProfile], _ rules: [ProfileRule],
    _ since: Int?
  ) -> Difference {
    let shortest = lines.map(\.count).min() ?? 0
    var leading = 0
    while leading < shortest, Set(lines.map { $0[leading] }).count == 1 { leading += 1 }
    var trailing = 0
    while trailing < shortest - leading,
      Set(lines.map { $0[$0.count - 1 - trailing] }).count == 1
    {
      trailing += 1
    }
    var groups: [(profiles: [NavigationProfile], lines: [String])] = []
    for (profile, value) in zip(profiles, lines) {
      let middle = Array(value[leading..<(value.count - trailing)])
      if let index = groups.firstIndex(where: { $0.lines == middle }) {
        groups[index].profiles.append(profile)
      } else {
        groups.append(([profile], middle))
      }
    }
    return Difference(
      aspect: name, groups: groups, sharedLeadingLines: leading, rules: rules, since: since)
  }
}
