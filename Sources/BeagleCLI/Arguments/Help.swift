/// The text of `beagle-run --help`.
enum Help {
  static let version = "0.1.0"

  static let text = """
    beagle-run — run Beagle server-driven UI screens without a device

    USAGE
      beagle-run FILE [OPTIONS]            run a screen and print its state
      beagle-run -  [OPTIONS]              read the screen from standard input
      beagle-run run FILE|- [OPTIONS]      the same, with the verb spelled out
      beagle-run check FILE... [OPTIONS]   validate screens without running them
      beagle-run eval EXPRESSION [--context ID=JSON]... [--global JSON]
                                           evaluate one expression, print it as JSON
      beagle-run test PATH... [--record MODE] [--junit FILE]
                                           run golden scenarios (NAME.scenario files)
                                           and compare with NAME.expected

    OPTIONS
      --format text|json   text outline (default) or one JSON object per state
      --strict             treat warnings (unknown types, deprecations) as errors
      --registry FILE      manifest: custom components, actions, operations, global,
                           baseUrl, bff, profile, navigation
                           (default: beagle.json beside the first screen)
      --explain            list every binding, the paths it read and its result
      --global JSON|@FILE  initial value of the global context
      --context ID=JSON    a context for eval (repeatable, outermost first)
      --step "STEP"        a script step (repeatable), e.g. --step 'tap "Buy"'
      --script FILE        script steps, one a line, # comments
      --bff DIR            folder remote routes are read from (default: the screen's)
      --base-url URL       fetch remote routes from an HTTP BFF instead
      --profile NAME       ios (default), android or web rules where platforms differ
      --max-depth N        deepest JSON nesting accepted (default 512, at most 10000)
      --record MODE        test: which goldens to write: missing (default), failed,
                           all or never; a run that writes a golden fails, and
                           nothing is written when CI=true
      --junit FILE         test: also write a JUnit XML report
      -h, --help           show this help
      --version            print the version

    EXAMPLES
      beagle-run Examples/shop/index.json
      beagle-run Examples/shop/index.json --script Examples/shop/index.script
      curl -s https://bff.example.com/home | beagle-run - --format json
      beagle-run check Examples/broken/index.json
      beagle-run eval 'Hi @{user.name}' --context user='{"name":"Ana"}'
      beagle-run test Examples/ --junit report.xml

    EXIT CODES
      0   success
      1   the input is invalid or could not be read, an expectation failed,
          the run hit an error, or a golden scenario failed
      64  the command line is wrong

    Colour is used only on a terminal, never when NO_COLOR is set.
    """
}
