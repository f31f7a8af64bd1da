package patch

import (
	"errors"
	"fmt"
)

// Reason names why a patch was refused. The names are part of the contract:
// they are printed to people, written to quarantine reason files and match
// Gemini CLI's own reason strings where Gemini has one.
type Reason string

// The refusal reasons. DESIGN.md section 7 says which case gets which.
const (
	// Malformed: not a unified diff, wrong hunk counts, trailing junk, ed script.
	Malformed Reason = "malformed"
	// NoHunks: no file sections, a section without hunks, or no change at all.
	NoHunks Reason = "noHunks"
	// MissingTargetPath: a section lacks its ---/+++ names.
	MissingTargetPath Reason = "missingTargetPath"
	// InvalidPatchHeaders: mismatched or relative names, NUL/control/newline in a name.
	InvalidPatchHeaders Reason = "invalidPatchHeaders"
	// OutsideAllowedRoots: the target is not an allowed file for the kind.
	OutsideAllowedRoots Reason = "outsideAllowedRoots"
	// NewFileAlreadyExists: a /dev/null section names an existing path.
	NewFileAlreadyExists Reason = "newFileAlreadyExists"
	// TargetNotFound: an update names a file that does not exist.
	TargetNotFound Reason = "targetNotFound"
	// DoesNotApply: a hunk's context or removed lines do not match the target.
	DoesNotApply Reason = "doesNotApply"
	// Unsupported: binary, mode change, rename, copy or delete.
	Unsupported Reason = "unsupported"
	// TooLarge: the patch, a line number or a file exceeds a cap.
	TooLarge Reason = "tooLarge"
	// NotRegularFile: the target is a symlink (wherever it points), FIFO,
	// device, socket or directory.
	NotRegularFile Reason = "notRegularFile"
	// TargetChanged: a target changed between the dry run and the rename;
	// nothing was applied and the patch stays pending.
	TargetChanged Reason = "targetChanged"
)

// Error is a refusal with its named reason and, where known, the file and
// 1-based hunk it concerns. Its text always starts with the reason's name.
type Error struct {
	Reason Reason
	File   string // target path, when one is known
	Hunk   int    // 1-based hunk number within the file section, 0 if none
	Line   int    // 1-based line of the patch text, 0 if none
	Detail string // lower-case explanation without the reason name
}

func (e *Error) Error() string {
	s := string(e.Reason)
	if e.File != "" {
		s += ": " + e.File
	}
	if e.Hunk > 0 {
		s += fmt.Sprintf(": hunk %d", e.Hunk)
	}
	if e.Line > 0 {
		s += fmt.Sprintf(": line %d", e.Line)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// ReasonOf returns the reason carried by err, or "" when err is not a refusal
// (an I/O failure, for example), so callers can tell "quarantine this" from
// "try again later".
func ReasonOf(err error) Reason {
	var pe *Error
	if errors.As(err, &pe) {
		return pe.Reason
	}
	return ""
}

func refuse(r Reason, file string, format string, args ...any) *Error {
	return &Error{Reason: r, File: file, Detail: fmt.Sprintf(format, args...)}
}
