// swift-tools-version: 6.0
import PackageDescription

#if canImport(Glibc)
  import Glibc
#endif

/// How beagle-run is linked on Linux. lld places the functions beagle-run executes
/// (Sources/beagle-run/link-order.txt, written by `beagle-bench link-order`) together
/// at the start of its code: the kernel maps code 64 KB at a time around each page
/// that runs, so the same functions spread over the whole program kept most of it
/// resident (10 MB `check` peak 48 -> 43 MiB, statically linked). When the machine
/// that builds has glibc 2.36 or later, the linker packs relative relocations too (1.9 MB
/// fewer bytes read at every start); the binary then needs glibc 2.36 where it runs, so
/// build on the oldest system you deploy to (a cross-compiling Swift SDK for an older
/// glibc needs a build from such a system too). A name the order lists but the build
/// lacks is ignored. SwiftPM does not track the list: after writing it again, delete the
/// built executable so that it is linked again.
let beagleRunLinkerSettings: [LinkerSetting] = {
  #if os(Linux)
    let packsRelocations = buildMachineHasGlibc236
    return [
      .unsafeFlags(
        [
          "-use-ld=lld",
          "-Xlinker",
          "--symbol-ordering-file=" + Context.packageDirectory
            + "/Sources/beagle-run/link-order.txt",
          "-Xlinker", "--no-warn-symbol-ordering",
        ] + (packsRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []),
        .when(platforms: [.linux])),
      .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release)),
    ]
  #else
    return []
  #endif
}()

/// A release build of beagle-run on Linux links the Swift standard library and
/// Foundation statically, as `swift build --static-swift-stdlib` does: the binary runs
/// without a Swift toolchain, starts in less time and keeps less resident (the shared
/// libraries' code, which no link order can place, made `check`'s peak on a 10 MB
/// screen 53 MiB instead of 43). Only the executable is compiled so (its imports name
/// the static libraries Foundation needs); the libraries stay as they are, and debug
/// builds and tests link dynamically. No test target depends on the executable (the
/// tests run the built one): a target's linker flags reach every product that links it,
/// and a statically linked test bundle finds no XCTest (`swift test -c release`).
/// Under the same condition as the link's flags (``beagleRunLinkerSettings``).
let beagleRunSwiftSettings: [SwiftSetting] = {
  #if os(Linux)
    return [
      .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
    ]
  #else
    return []
  #endif
}()

/// Whether this machine's C library is glibc 2.36 or later (`confstr` says "glibc 2.36");
/// false under another C library (musl).
var buildMachineHasGlibc236: Bool {
  #if canImport(Glibc)
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
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
  #else
    return false
  #endif
}

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
      swiftSettings: beagleRunSwiftSettings, linkerSettings: beagleRunLinkerSettings),
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
        "BeagleJSON", "BeagleHTTP", "BeagleRuntime", "BeagleRendering", "BeagleCLI",
        "BeagleTestSupport",
      ],
      exclude: ["Graph/Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
