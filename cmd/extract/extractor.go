package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/credentials"
	"github.com/automem/automem/jobs"
)

// extractor picks the extraction step: the LLM agent when a key is
// configured (or --extractor llm), else the offline extractor.
func (c *RunCmd) extractor(env *cli.Env) (jobs.Extractor, error) {
	if c.Extractor == "offline" {
		return jobs.Offline{}, nil
	}
	cred, err := credentials.Resolve(credentials.Options{
		Getenv: env.Getenv, ReadFile: os.ReadFile, Stat: os.Stat, KeyFile: c.APIKeyFile,
	})
	if errors.Is(err, credentials.ErrNoKey) {
		if c.Extractor == "llm" {
			return nil, fmt.Errorf("--extractor llm needs an api key: put it in $CREDENTIALS_DIRECTORY/api-key, --api-key-file, AUTOMEM_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY")
		}
		env.Log.Info().Msg("no api key configured: using the offline extractor")
		return jobs.Offline{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("api key: %w", err)
	}
	for _, w := range cred.Warnings {
		env.Log.Warn().Msg(w)
	}
	base, model := c.BaseURL, c.Model
	if base == "" {
		base = cred.BaseURL
	}
	if model == "" {
		model = cred.Model
	}
	env.Log.Info().Str("keyFrom", cred.Source).Str("baseURL", base).Str("model", model).Msg("using the llm extractor")
	return &jobs.LLM{Agent: agent.Config{
		BaseURL: base, Model: model, APIKey: cred.Key,
		MaxTurns: c.MaxTurns, MaxTime: c.MaxTime, RequestTimeout: c.RequestTimeout, ElideAfterTurns: c.ElideAfter,
		MinQuotaPercent: c.MinQuotaPercent,
	}}, nil
}
