package jobs

import "time"

// Project statuses in the report (a contract of --json).
const (
	StatusDryRun     = "dry-run"
	StatusDone       = "done"
	StatusNothingNew = "nothing-new"
	StatusLocked     = "locked"
	StatusThrottled  = "throttled"
	StatusBackoff    = "backoff"
	StatusFailed     = "failed"
	StatusNoMemory   = "no-memory-dir"
	// StatusAborted: a signal (Ctrl-C, a scheduler's stop) ended the run;
	// it is recorded as aborted, is not a failure and starts no backoff.
	StatusAborted = "aborted"
	// WouldRun is a dry run's Would when the real run would extract now.
	WouldRun = "run"
)

// Report is what a run prints with --json.
type Report struct {
	DryRun   bool            `json:"dryRun"`
	Now      string          `json:"now"`
	Projects []ProjectReport `json:"projects"`
}

// ProjectReport is one project's part of the report.
type ProjectReport struct {
	Source    string `json:"source"`
	ID        string `json:"id"`
	Root      string `json:"root"`
	MemoryDir string `json:"memoryDir"`
	// Agent is whose memory receives the candidates ("" for none) and
	// Targets the files each memory kind would write to (private, global,
	// project), as the real run would.
	Agent   string            `json:"agent,omitempty"`
	Targets map[string]string `json:"targets,omitempty"`
	// AlsoTargets are the other agents' memories that get the same
	// candidates (several targets): agent → kind → file.
	AlsoTargets map[string]map[string]string `json:"alsoTargets,omitempty"`
	// DataDir is where the inbox, lock and state of that memory live
	// when it is not the memory dir (agents other than Gemini CLI).
	DataDir string `json:"dataDir,omitempty"`
	// Worktrees are the linked git worktrees (or places in them) whose
	// sessions count as this project's: it is the main worktree's.
	Worktrees  []string        `json:"worktrees,omitempty"`
	Status     string          `json:"status"`
	Sessions   []SessionReport `json:"sessions"`
	Index      []string        `json:"index"`
	Candidates *Candidates     `json:"candidates,omitempty"`
	Redactions map[string]int  `json:"redactions,omitempty"`
	Error      string          `json:"error,omitempty"`
	// Until is when a throttle, backoff or spent daily budget ends.
	Until string `json:"until,omitempty"`
	// Usage is what the run spent on the model for this project.
	Usage *UsageReport `json:"usage,omitempty"`
	// Estimate is the dry run's forecast of that (LLM extractor only).
	Estimate *Estimate `json:"estimate,omitempty"`
	// Would is, in a dry run, the status the real run would have now:
	// "run", or the skip it would hit (throttled, backoff, budget, locked,
	// nothing-new, no-memory-dir), with Until and Lock filled as a real
	// run fills them.
	Would string `json:"would,omitempty"`
	// Lock names the live holder when the project is locked.
	Lock *LockHolder `json:"lock,omitempty"`
	// Upkeep is what the memory upkeep pass proposed, when it ran.
	Upkeep *UpkeepReport `json:"upkeep,omitempty"`
	// UpkeepDue is, in a dry run, whether the real run would run the
	// memory upkeep pass now (it runs even when extraction skips).
	UpkeepDue bool `json:"upkeepDue,omitempty"`
}

// LockHolder is who holds a project's lock: enough for a person to tell a
// running job from a crashed one.
type LockHolder struct {
	PID   int    `json:"pid"`
	Host  string `json:"host,omitempty"`
	Since string `json:"since,omitempty"`
}

// SessionReport is one scanned session.
type SessionReport struct {
	SessionID    string         `json:"sessionId"`
	Source       string         `json:"source"`
	Path         string         `json:"path"`
	LastUpdated  string         `json:"lastUpdated"`
	UserMessages int            `json:"userMessages"`
	Eligible     bool           `json:"eligible"`
	New          bool           `json:"new"`
	Exhausted    bool           `json:"exhausted,omitempty"`
	Reason       string         `json:"reason"`
	Error        string         `json:"error,omitempty"`
	Redactions   map[string]int `json:"redactions,omitempty"`
}

// Candidates counts what an extraction left for review.
type Candidates struct {
	Memory       int `json:"memory"`
	Skills       int `json:"skills"`
	SkillUpdates int `json:"skillUpdates"`
	Rejected     int `json:"rejected"`
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
