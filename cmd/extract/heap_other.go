//go:build !linux

package main

// hugeHeap gives no advice outside Linux (see heap_linux.go).
func hugeHeap(string) {}
