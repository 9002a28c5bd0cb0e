// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "beagle-run",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "beagle-run", targets: ["beagle-run"]),
    .library(name: "BeagleJSON", targets: ["BeagleJSON"]),
    .library(name: "BeagleExpressions", targets: ["BeagleExpressions"]),
    .library(name: "BeagleHTTP", targets: ["BeagleHTTP"]),
    .library(name: "BeagleRuntime", targets: ["BeagleRuntime"]),
    .library(name: "BeagleRendering", targets: ["BeagleRendering"]),
    .library(name: "BeagleCLI", targets: ["BeagleCLI"]),
  ],
  targets: [
    .target(name: "BeagleJSON"),
    .target(name: "BeagleExpressions", dependencies: ["BeagleJSON"]),
    // libcurl's easy API, dlopen-ed on the first https request (Linux): beagle-run
    // does not link libcurl or FoundationNetworking.
    .target(
      name: "CCurlLoader",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // HTTP/1.1 over sockets (client and the preview's server); knows nothing of Beagle.
    .target(
      name: "BeagleHTTP",
      dependencies: [.target(name: "CCurlLoader", condition: .when(platforms: [.linux]))]),
    .target(
      name: "BeagleRuntime", dependencies: ["BeagleJSON", "BeagleExpressions", "BeagleHTTP"]),
    // Everything that turns the runtime's data into output: states, graphs, coverage.
    .target(
      name: "BeagleRendering", dependencies: ["BeagleJSON", "BeagleExpressions", "BeagleRuntime"]),
    .target(
      name: "BeagleCLI",
      dependencies: [
        "BeagleJSON", "BeagleExpressions", "BeagleHTTP", "BeagleRuntime", "BeagleRendering",
        "BeagleTestSupport",
      ]),
    .executableTarget(name: "beagle-run", dependencies: ["BeagleCLI", "BeagleJSON"]),
    .executableTarget(
      name: "beagle-bench",
      dependencies: ["BeagleJSON", "BeagleExpressions", "BeagleHTTP", "BeagleRuntime"],
      path: "Benchmarks/Sources/beagle-bench"),
    .target(name: "BeagleTestSupport", path: "Tests/BeagleTestSupport"),
    .testTarget(name: "BeagleJSONTests", dependencies: ["BeagleJSON", "BeagleTestSupport"]),
    .testTarget(
      name: "BeagleExpressionsTests",
      dependencies: ["BeagleJSON", "BeagleExpressions", "BeagleTestSupport"]),
    .testTarget(name: "BeagleHTTPTests", dependencies: ["BeagleHTTP", "BeagleTestSupport"]),
    .testTarget(
      name: "BeagleRuntimeTests",
      dependencies: [
        "BeagleJSON", "BeagleExpressions", "BeagleHTTP", "BeagleRuntime", "BeagleRendering",
        "BeagleTestSupport",
      ]),
    .testTarget(
      name: "BeagleRenderingTests",
      dependencies: [
        "BeagleJSON", "BeagleExpressions", "BeagleRuntime", "BeagleRendering", "BeagleTestSupport",
      ]),
    .testTarget(
      name: "BeagleCLITests",
      dependencies: [
        "BeagleJSON", "BeagleHTTP", "BeagleRuntime", "BeagleRendering", "BeagleCLI", "beagle-run",
        "BeagleTestSupport",
      ],
      exclude: ["Graph/Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
