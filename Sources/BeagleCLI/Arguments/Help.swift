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

    OPTIONS
      --format text|json   text outline (default) or one JSON object per state
      --strict             treat warnings (unknown types, deprecations) as errors
      --registry FILE      manifest declaring custom components and actions
                           (default: beagle.json beside the first screen)
      --max-depth N        deepest JSON nesting accepted (default 512)
      -h, --help           show this help
      --version            print the version

    EXAMPLES
      beagle-run Examples/shop/index.json
      curl -s https://bff.example.com/home | beagle-run - --format json
      beagle-run check Examples/broken/index.json

    EXIT CODES
      0   success
      1   the input is invalid or could not be read, or the run hit an error
      64  the command line is wrong

    Colour is used only on a terminal, never when NO_COLOR is set.
    """
}
