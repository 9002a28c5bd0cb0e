/// The text of `beagle-run --help`.
enum Help {
  static let version = "0.1.0"

  static let text = """
    beagle-run — run Beagle server-driven UI screens without a device

    USAGE
      beagle-run FILE [OPTIONS]            run a screen and print its state
      beagle-run /ROUTE --base-url URL     fetch the first screen from the BFF (a route:
                                           starts with '/', no such file; or --bff DIR)
      beagle-run -  [OPTIONS]              read the screen from standard input
      beagle-run run FILE|- [OPTIONS]      the same, with the verb spelled out
      beagle-run check FILE... [OPTIONS]   validate screens without running them
      beagle-run eval EXPRESSION [--context ID=JSON]... [--global JSON] [--profile web]
                                           evaluate one expression, print it as JSON
      beagle-run graph ENTRY [--bff DIR | --base-url URL] [--format text|json|dot|mermaid]
                     [--assume ID=JSON]... [--strict]
                                           the app's navigation graph from an entry
                                           screen: every screen, link and dead end
      beagle-run test PATH... [--record MODE] [--junit FILE] [--allow-outside-root]
                      [--coverage] [--coverage-json FILE]
                                           run golden scenarios (NAME.scenario files)
                                           and compare with NAME.expected

    OPTIONS
      --format text|json   text outline (default) or one JSON object per state;
                           graph also takes dot (Graphviz) and mermaid
      --strict             treat warnings (unknown types, deprecations) as errors;
                           graph: exit 1 when anything is flagged
      --registry FILE      manifest: custom components, actions, operations, global,
                           baseUrl, bff, profile, navigation, mocks, nativeRoutes,
                           analytics, theme
                           (default: beagle.json beside the first screen)
      --explain            list every binding, the paths it read and its result
      --assume ID=JSON     graph: a value for context ID, to follow routes built from
                           expressions (repeatable)
      --global JSON|@FILE  initial value of the global context
      --context ID=JSON    a context for eval (repeatable, outermost first)
      --step "STEP"        a script step (repeatable), e.g. --step 'tap "Buy"'
      --script FILE        script steps, one a line, # comments
      --bff DIR            folder remote routes are read from (default: the screen's)
      --base-url URL       fetch remote routes from an HTTP BFF instead, and send
                           sendRequest's requests there
      --mocks FILE         canned answers for sendRequest (a JSON array of
                           {method, url, status, headers, body, delay}); they come
                           before --base-url; unanswered requests wait for 'respond'
      --timeout SECONDS    longest an HTTP request may take (default 10)
      --http-budget SECONDS
                           the run's total waiting for HTTP answers (default 60)
      --max-body-bytes N   largest HTTP answer read (default 16777216, 16 MB)
      --profile NAME       ios (default), android or web rules where platforms differ
      --compare-profiles   run under ios, android and web and print, step by step,
                           only what differs, each with the platform rule behind it
                           (exit 0 when runs succeed, differences or not)
      --profiles LIST      the same for the profiles listed, as in --profiles ios,web
      --max-depth N        deepest JSON nesting accepted, in input and in values
                           computed at run time (default 512, at most 10000)
      --max-value-bytes N  largest value (about its size in memory) an expression
                           or setContext may produce (default 67108864, 64 MB)
      --allow-outside-root let a manifest or a scenario name files outside its folder
                           (the project root); command-line files are always allowed
      --record MODE        test: which goldens to write: missing (default), failed,
                           all or never; a run that writes a golden fails, and
                           nothing is written when CI=true
      --junit FILE         test: also write a JUnit XML report
      --coverage           test: per screen touched, the components, actions,
                           condition branches, list templates and navigation edges
                           exercised (covered/total), then those never exercised
      --coverage-json FILE test: also write the coverage as JSON (implies --coverage)
      --scenario-timeout SECONDS
                           test: time budget of each scenario (default 30)
      --scenario-memory MB test: memory budget of each scenario's process
                           (default 2048)
      --in-process         test: run scenarios in threads of this process, without
                           the isolation and budgets of a process each
      -h, --help           show this help
      --version            print the version

    SCRIPT STEPS
      tap TARGET             press a button, a touchable or a navigation bar item
      back                   the system back gesture
      action JSON            run an action in the top screen's scope
      choose "LABEL"         press a button of the open alert or confirm
      respond STATUS [JSON]  answer the oldest pending request (status 100-599)
      respond #ID STATUS [JSON], respond METHOD URL STATUS [JSON]
                             answer the pending request with that id, or the
                             oldest one with that method and URL
      expect text|no-text|title "…", expect stacks N, expect depth N
      TARGET is #id or "visible text"

    EXAMPLES
      beagle-run Examples/shop/index.json
      beagle-run Examples/shop/index.json --script Examples/shop/index.script
      beagle-run Examples/login/index.json --mocks Examples/login/mocks.json \\
        --step 'tap "Log in"' --step 'expect title "Welcome"'
      curl -s https://bff.example.com/home | beagle-run - --format json
      beagle-run check Examples/broken/index.json
      beagle-run eval 'Hi @{user.name}' --context user='{"name":"Ana"}'
      beagle-run graph Examples/navigation/index.json --format dot | dot -Tsvg > nav.svg
      beagle-run test Examples/ --junit report.xml

    EXIT CODES
      0   success
      1   the input is invalid or could not be read, an expectation failed,
          the run hit an error, or a golden scenario failed
      64  the command line is wrong

    Colour is used only on a terminal, never when NO_COLOR is set.
    """
}
