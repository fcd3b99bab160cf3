// hello.go — the hello reply: every row (all available: this build has
// them), Go's version, and the build (compiler, GOARCH and GOAMD64/GOARM64
// level, the modules and their versions from the binary's build info).
package main

import (
	"runtime"
	"runtime/debug"
)

func hello() map[string]any {
	impls := []map[string]any{}
	for _, r := range rows() {
		impls = append(impls, map[string]any{"algorithm": r.Algorithm, "variant": r.Variant,
			"available": true})
	}
	build := map[string]any{"compiler": runtime.Compiler, "goarch": runtime.GOARCH}
	modules := map[string]string{}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			build[s.Key] = s.Value
		}
		for _, d := range info.Deps {
			modules[d.Path] = d.Version
		}
	}
	return map[string]any{"ok": true, "type": "hello", "backend": "go",
		"version": runtime.Version(), "impls": impls,
		"details": map[string]any{"runtime": "go", "runtime_version": runtime.Version(),
			"build": build, "modules": modules, "gomaxprocs": runtime.GOMAXPROCS(0)}}
}
