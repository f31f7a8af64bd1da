//go:build !unix

package patch

func isNotDir(error) bool { return false }

func linkUnsupported(error) bool { return true }

const nofollowFlag = 0
