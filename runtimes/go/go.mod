module cryptometer/runtimes/go

go 1.24

require (
	golang.org/x/crypto v0.31.0
	golang.org/x/sys v0.28.0
)
