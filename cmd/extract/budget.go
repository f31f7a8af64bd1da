package main

import (
	"fmt"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/ledger"
	"github.com/automem/automem/internal/usage"
	"github.com/automem/automem/jobs"
)

// BudgetFlags bound what the LLM extractor may spend and say what it costs.
type BudgetFlags struct {
	MaxTokensPerRun int64   `help:"Most tokens (in + out) one run may spend, all projects together; 0 means no limit." default:"2000000" min:"0" max:"1000000000000" env:"AUTOMEM_MAX_TOKENS_PER_RUN"`
	MaxTokensPerDay int64   `help:"Most tokens per day, all runs and projects together (0: no daily limit); a spent day skips runs until midnight." default:"0" min:"0" max:"1000000000000" env:"AUTOMEM_MAX_TOKENS_PER_DAY"`
	MaxCostPerDay   float64 `help:"Most US dollars per day (0: no limit); needs the model's price." default:"0" min:"0" max:"1000000" env:"AUTOMEM_MAX_COST_PER_DAY"`
	PriceIn         float64 `help:"Price of a million input tokens in US dollars (0: the built-in table)." default:"0" min:"0" max:"10000" env:"AUTOMEM_PRICE_IN"`
	PriceOut        float64 `help:"Price of a million output tokens in US dollars (0: the built-in table)." default:"0" min:"0" max:"10000" env:"AUTOMEM_PRICE_OUT"`
	MinQuotaPercent float64 `help:"Stop and back off when the provider's rate-limit headers say less than this share of the quota is left (0 disables)." default:"25" min:"0" max:"100" env:"AUTOMEM_MIN_QUOTA_PERCENT"`
	StateDir        string  `help:"automem's state dir (the usage ledger; the inbox, lock and state of Claude Code and Codex projects)." type:"path" default:"${state_dir}" env:"AUTOMEM_STATE_DIR"`
}

// ledger is the usage ledger of the state dir, days in local time.
func (f *BudgetFlags) ledger(env *cli.Env) *ledger.Ledger {
	dir := f.StateDir
	if dir == "" {
		dir = cli.DefaultDirs(env)["state_dir"]
	}
	return &ledger.Ledger{Path: ledger.Path(dir)}
}

// budget is the run's budget for the LLM extractor with model; a daily
// cost cap without a known price is refused, since it could not be kept.
func (f *BudgetFlags) budget(env *cli.Env, model string, elideAfter int) (jobs.Budget, error) {
	price, err := usage.Resolve(model, f.PriceIn, f.PriceOut)
	if err != nil {
		return jobs.Budget{}, cli.Usage(err)
	}
	if f.MaxCostPerDay > 0 && price == nil {
		return jobs.Budget{}, cli.Usage(fmt.Errorf(
			"--max-cost-per-day needs a price, and model %q is not in the built-in table: set --price-in and --price-out", model))
	}
	if price == nil {
		env.Log.Info().Str("model", model).Msg("no price known for the model: usage is accounted in tokens only")
	}
	return jobs.Budget{
		PerRun: f.MaxTokensPerRun, PerDay: f.MaxTokensPerDay, CostPerDay: f.MaxCostPerDay,
		Price: price, Model: model, Ledger: f.ledger(env), ElideAfter: elideAfter,
	}, nil
}
