// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "beagle-run",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "beagle-run", targets: ["beagle-run"]),
    .library(name: "BeagleJSON", targets: ["BeagleJSON"]),
    .library(name: "BeagleExpressions", targets: ["BeagleExpressions"]),
    .library(name: "BeagleRuntime", targets: ["BeagleRuntime"]),
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
    .target(
      name: "BeagleRuntime",
      dependencies: [
        "BeagleJSON", "BeagleExpressions",
        .target(name: "CCurlLoader", condition: .when(platforms: [.linux])),
      ]),
    .target(
      name: "BeagleCLI", dependencies: ["BeagleJSON", "BeagleExpressions", "BeagleRuntime"]),
    .executableTarget(name: "beagle-run", dependencies: ["BeagleCLI", "BeagleJSON"]),
    .executableTarget(
      name: "beagle-bench",
      dependencies: ["BeagleJSON", "BeagleExpressions", "BeagleRuntime"],
      path: "Benchmarks/Sources/beagle-bench"),
    .testTarget(name: "BeagleJSONTests", dependencies: ["BeagleJSON"]),
    .testTarget(name: "BeagleExpressionsTests", dependencies: ["BeagleJSON", "BeagleExpressions"]),
    .testTarget(
      name: "BeagleRuntimeTests",
      dependencies: ["BeagleJSON", "BeagleExpressions", "BeagleRuntime"]),
    .testTarget(
      name: "BeagleCLITests",
      dependencies: ["BeagleJSON", "BeagleRuntime", "BeagleCLI", "beagle-run"],
      exclude: ["Graph/Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
