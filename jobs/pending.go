package jobs

import (
	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// rebasePending re-renders each kind's pending patch against the current
// memory files before the extractor runs, so a typo fix or a reordering of
// MEMORY.md never makes the pending candidates (and with them the run's
// new ones) fail; what cannot stay pending becomes a rejected entry that
// needs attention (intent.Settle), so it cannot block this run either.
func rebasePending(cfg Config, d memdir.Dir, log zerolog.Logger) {
	for _, kind := range memdir.Kinds() {
		res, err := intent.Settle(d, kind, cfg.Now)
		if err != nil {
			log.Warn().Err(err).Str("kind", string(kind)).Msg("pending patch not rebased")
			continue
		}
		logRebase(log, kind, res.Result)
		for _, m := range res.Moved {
			log.Warn().Str("kind", string(kind)).Str("moved", m).Msg("pending change needs attention; see inbox list")
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

func logRebase(log zerolog.Logger, kind patch.Kind, res intent.Result) {
	if res.Rewritten || res.Repaired || res.Retired > 0 || len(res.Attention) > 0 {
		log.Info().Str("kind", string(kind)).Int("pending", res.Pending).Int("retired", res.Retired).
			Int("attention", len(res.Attention)).Bool("repaired", res.Repaired).Msg("pending patch rebased onto the current memory files")
	}
}
