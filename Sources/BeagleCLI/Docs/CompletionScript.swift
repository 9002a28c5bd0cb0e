import Foundation

/// The completion script of a shell for `beagle-run`: its verbs, each verb's options
/// (``OptionTable``) and what their values complete to (``ValueCompletion``), so the
/// script lists what the parser reads.
struct CompletionScript {
  var shell: CompletionShell

  var text: String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  private var verbs: [Verb] { Verb.allCases }
  private var verbNames: String { verbs.map(\.rawValue).joined(separator: " ") }

  private var header: String {
    """
    # \(shell.rawValue) completion for beagle-run \(Help.version), written by
    # 'beagle-run completions \(shell.rawValue)' from the tables its parser reads.
    """
  }

  /// The value options of `verb` with what each completes to.
  private func valueOptions(of verb: Verb) -> [(spec: OptionSpec, completion: ValueCompletion)] {
    OptionTable.options(of: verb).filter { $0.value != nil }.map {
      ($0, ValueCompletion.of($0, verb: verb))
    }
  }

  private func names(of spec: OptionSpec) -> [String] {
    [spec.name] + (spec.shortName.map { [$0] } ?? [])
  }

  // MARK: - bash

  private var bash: String {
    // `verb:--option)` patterns grouped by what the value completes to.
    var groups: [(action: String, patterns: [String])] = []
    func add(_ pattern: String, _ action: String) {
      if let index = groups.firstIndex(where: { $0.action == action }) {
        groups[index].patterns.append(pattern)
      } else {
        groups.append((action, [pattern]))
      }
    }
    for verb in verbs {
      for (spec, completion) in valueOptions(of: verb) {
        add("\(verb.rawValue):\(spec.name)", bashAction(completion))
      }
    }
    let valueCases = groups.map { group in
      "    " + group.patterns.joined(separator: "|") + ")\n      " + group.action
        + "\n      return ;;"
    }.joined(separator: "\n")
    let optionCases = verbs.map { verb in
      let names = OptionTable.options(of: verb).flatMap(names(of:)).joined(separator: " ")
      return "      \(verb.rawValue)) COMPREPLY=($(compgen -W \"\(names)\" -- \"$cur\")) ;;"
    }.joined(separator: "\n")
    let argumentCases = verbs.map { verb in
      "    \(verb.rawValue)) " + bashAction(ValueCompletion.arguments(of: verb)) + " ;;"
    }.joined(separator: "\n")
    return """
      \(header)
      # Load it with: source <(beagle-run completions bash)

      _beagle_run() {
        local cur prev verb=run
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        if [[ $COMP_CWORD -gt 1 ]]; then
          case "${COMP_WORDS[1]}" in
            \(verbs.map(\.rawValue).joined(separator: "|"))) verb="${COMP_WORDS[1]}" ;;
          esac
        fi
        case "$verb:$prev" in
      \(valueCases)
        esac
        if [[ $cur == -* ]]; then
          case "$verb" in
      \(optionCases)
          esac
          return
        fi
        if [[ $COMP_CWORD -eq 1 ]]; then
          COMPREPLY=($(compgen -W "\(verbNames)" -- "$cur") $(compgen -f -- "$cur"))
          return
        fi
        case "$verb" in
      \(argumentCases)
        esac
      }
      complete -o filenames -F _beagle_run beagle-run

      """
  }

  private func bashAction(_ completion: ValueCompletion) -> String {
    switch completion {
    case .nothing: "COMPREPLY=()"
    case .files: "COMPREPLY=($(compgen -f -- \"$cur\"))"
    case .directories: "COMPREPLY=($(compgen -d -- \"$cur\"))"
    case .words(let words):
      "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
    }
  }

  // MARK: - zsh

  private var zsh: String {
    let verbList = verbs.map { "'\($0.rawValue):\(zshEscaped($0.summary))'" }
      .joined(separator: " ")
    let verbCases = verbs.map { verb -> String in
      var specs = OptionTable.options(of: verb).map { zshSpec($0, verb: verb) }
      specs.append("'*:argument:\(zshAction(ValueCompletion.arguments(of: verb)))'")
      return "    \(verb.rawValue))\n      _arguments -s \\\n        "
        + specs.joined(separator: " \\\n        ") + " ;;"
    }.joined(separator: "\n")
    return """
      #compdef beagle-run
      \(header)
      # Put it in a folder of $fpath as _beagle-run, or load it with:
      #   source <(beagle-run completions zsh)

      _beagle_run() {
        local verb=run
        local -a verbs
        verbs=(\(verbList))
        if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then
          _describe -t verbs verb verbs
          _files
          return
        fi
        if (( ${verbs[(I)$words[2]:*]} )); then
          verb=$words[2]
          shift words
          (( CURRENT-- ))
        fi
        case $verb in
      \(verbCases)
        esac
      }

      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        _beagle_run "$@"
      else
        compdef _beagle_run beagle-run
      fi

      """
  }

  private func zshSpec(_ spec: OptionSpec, verb: Verb) -> String {
    let description = zshEscaped(spec.help(for: verb).joined(separator: " "))
    let repeatable = spec.help(for: verb).joined(separator: " ").contains("repeatable")
    var value = ""
    if let placeholder = spec.value {
      let action = zshAction(ValueCompletion.of(spec, verb: verb))
      value = ":\(zshEscaped(placeholder.lowercased())):\(action)"
    }
    let names = self.names(of: spec)
    if names.count > 1 {
      return "'(" + names.joined(separator: " ") + ")'{" + names.joined(separator: ",")
        + "}'[\(description)]\(value)'"
    }
    return "'" + (repeatable ? "*" : "") + spec.name + "[\(description)]\(value)'"
  }

  private func zshAction(_ completion: ValueCompletion) -> String {
    switch completion {
    case .nothing: " "
    case .files: "_files"
    case .directories: "_files -/"
    case .words(let words): "(\(words.joined(separator: " ")))"
    }
  }

  /// Text inside `'…[…]'` and `'name:description'`: no quote, bracket or colon of its own.
  private func zshEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "'": out += "'\\''"
      case "[", "]", ":", "\\": out += "\\" + String(character)
      default: out.append(character)
      }
    }
    return out
  }

  // MARK: - fish

  private var fish: String {
    var lines = [
      header, "# Put it in ~/.config/fish/completions/beagle-run.fish, or load it with:",
      "#   beagle-run completions fish | source", "",
      "complete -c beagle-run -f",
      "set -l beagle_run_verbs \(verbNames)",
    ]
    for verb in verbs {
      lines.append(
        "complete -c beagle-run -n __fish_use_subcommand -a \(verb.rawValue) -d "
          + fishQuoted(verb.summary))
    }
    lines.append(
      "complete -c beagle-run -n __fish_use_subcommand -F -d " + fishQuoted("a screen file"))
    for verb in verbs {
      // `run` is also the verb when the first argument is a screen.
      let condition =
        verb == .run
        ? "__fish_seen_subcommand_from run; or not __fish_seen_subcommand_from $beagle_run_verbs"
        : "__fish_seen_subcommand_from \(verb.rawValue)"
      let arguments = ValueCompletion.arguments(of: verb)
      if arguments != .nothing {
        lines.append(
          "complete -c beagle-run -n "
            + fishQuoted(
              "__fish_seen_subcommand_from \(verb.rawValue)") + " " + fishArguments(arguments))
      }
      for spec in OptionTable.options(of: verb) {
        var line = "complete -c beagle-run -n " + fishQuoted(condition)
        line += " -l " + spec.name.dropFirst(2)
        if let short = spec.shortName { line += " -s " + short.dropFirst() }
        if spec.value != nil {
          line += " " + fishArguments(ValueCompletion.of(spec, verb: verb))
        }
        line += " -d " + fishQuoted(spec.help(for: verb).joined(separator: " "))
        lines.append(line)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func fishArguments(_ completion: ValueCompletion) -> String {
    switch completion {
    case .nothing: "-x"
    case .files: "-r -F"
    case .directories: "-x -a '(__fish_complete_directories)'"
    case .words(let words): "-x -a " + fishQuoted(words.joined(separator: " "))
    }
  }

  private func fishQuoted(_ text: String) -> String {
    "'"
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "'", with: "\\'") + "'"
  }
}
