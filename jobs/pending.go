package jobs

import (
	"fmt"
	"os"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// rebasePending re-renders each kind's pending patch against the current
// memory files before the extractor runs, so a typo fix or a reordering of
// MEMORY.md never makes the pending candidates (and with them the run's
// new ones) fail. A pending patch broken beyond repair is moved to the
// rejected candidates, where `inbox list` shows it with its reason, so it
// cannot block this run's candidates either.
func rebasePending(cfg Config, d memdir.Dir, log zerolog.Logger) {
	for _, kind := range memdir.Kinds() {
		res, err := intent.Rebase(d, kind, cfg.Now, intent.Options{})
		if err != nil {
			log.Warn().Err(err).Str("kind", string(kind)).Msg("pending patch not rebased")
			continue
		}
		logRebase(log, kind, res)
		if res.Broken != "" {
			quarantineBroken(cfg, d, kind, res.Broken, log)
		}
	}
}

// keepPending merges what the extractor wrote into a kind's intents
// (never dropping the pending ones) and re-renders the patch; it reports
// whether the patch was rewritten.
func keepPending(cfg Config, d memdir.Dir, kind patch.Kind, log zerolog.Logger) bool {
	res, err := intent.Rebase(d, kind, cfg.Now, intent.Options{Keep: true, Origin: intent.OriginExtract})
	if err != nil {
		log.Warn().Err(err).Str("kind", string(kind)).Msg("pending patch not rebased")
		return false
	}
	logRebase(log, kind, res)
	return res.Rewritten
}

// syncPending makes a kind's intents what its patch file says now.
func syncPending(cfg Config, d memdir.Dir, kind patch.Kind, log zerolog.Logger) {
	if _, err := intent.Rebase(d, kind, cfg.Now, intent.Options{Origin: intent.OriginExtract}); err != nil {
		log.Warn().Err(err).Str("kind", string(kind)).Msg("pending patch not rebased")
	}
}

func quarantineBroken(cfg Config, d memdir.Dir, kind patch.Kind, reason string, log zerolog.Logger) {
	path := d.ExtractionPatch(kind)
	if _, err := os.Stat(path); err != nil {
		return
	}
	dest, err := patch.Quarantine(d.Data, d.Rejected(), path, string(kind), fmt.Sprintf("needs attention: the pending patch was edited and no longer parses: %s", reason), cfg.Now)
	if err != nil {
		log.Error().Err(err).Str("kind", string(kind)).Msg("broken pending patch not moved")
		return
	}
	log.Warn().Str("kind", string(kind)).Str("moved", dest).Msg("pending patch needs attention: it no longer parses; see inbox list")
	keepPending(cfg, d, kind, log) // the intents stored before the edit stay pending
}

func logRebase(log zerolog.Logger, kind patch.Kind, res intent.Result) {
	if res.Rewritten || res.Repaired || res.Retired > 0 || len(res.Attention) > 0 {
		log.Info().Str("kind", string(kind)).Int("pending", res.Pending).Int("retired", res.Retired).
			Int("attention", len(res.Attention)).Bool("repaired", res.Repaired).Msg("pending patch rebased onto the current memory files")
	}
}
