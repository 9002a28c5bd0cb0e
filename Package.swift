// swift-tools-version: 6.0
import PackageDescription

#if os(Linux)
  import Glibc
#endif

/// How beagle-run is linked on Linux. lld places the functions beagle-run executes
/// (Sources/beagle-run/link-order.txt, written by `beagle-bench link-order`) together
/// at the start of its code: the kernel maps code 64 KB at a time around each page
/// that runs, so the same functions spread over the whole program kept most of it
/// resident (10 MB `check` peak 48 -> 43 MiB, statically linked). Where the C library
/// reads packed relative relocations (glibc 2.36 and later), the linker packs them:
/// 1.9 MB fewer bytes read at every start. A name the order lists but the build lacks
/// is ignored.
let beagleRunLinkerSettings: [LinkerSetting] = {
  #if os(Linux)
    var flags = [
      "-use-ld=lld",
      "-Xlinker",
      "--symbol-ordering-file=" + Context.packageDirectory + "/Sources/beagle-run/link-order.txt",
      "-Xlinker", "--no-warn-symbol-ordering",
    ]
    // "glibc 2.36"; nothing under another C library.
    var buffer = [UInt8](repeating: 0, count: 64)
    let length = buffer.withUnsafeMutableBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        confstr(Int32(_CS_GNU_LIBC_VERSION), $0.baseAddress, $0.count)
      }
    }
    let name =
      length > 1 && length <= buffer.count
      ? String(decoding: buffer[..<(length - 1)], as: UTF8.self) : ""
    let version =
      name.hasPrefix("glibc ")
      ? name.dropFirst(6).split(separator: ".").compactMap { Int($0) } : []
    if version.count >= 2, (version[0], version[1]) >= (2, 36) {
      flags += ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
    }
    return [.unsafeFlags(flags, .when(platforms: [.linux]))]
  #else
    return []
  #endif
}()

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
    .executableTarget(
      name: "beagle-run", dependencies: ["BeagleCLI", "BeagleJSON"], exclude: ["link-order.txt"],
      linkerSettings: beagleRunLinkerSettings),
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
