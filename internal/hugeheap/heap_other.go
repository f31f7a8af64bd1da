//go:build !linux

package hugeheap

// Reserve gives no advice outside Linux (see heap_linux.go).
func Reserve(string) {}
