package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/recall"
)

// MCPCmd serves the search index to agents over stdio MCP.
type MCPCmd struct {
	IndexFlags
	All bool `help:"Serve every project, not only the one it was started for."`
}

// Run serves until stdin closes or the process is interrupted. The server
// is read-only: it opens the index read-only and has no tool that writes.
func (c *MCPCmd) Run(ctx context.Context, env *cli.Env, g *Globals) error {
	ix, err := c.open(ctx, env)
	if err != nil {
		return err
	}
	defer ix.Close()
	r := &recaller{ix: ix, now: env.Now}
	if !c.All {
		p, err := currentProject(ctx, env, g, ix)
		if err != nil {
			return err
		}
		r.projects = []string{p}
	}
	env.Log.Info().Strs("projects", r.projects).Msg("serving search over stdio MCP")
	err = r.server(env.Version).Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(env.Stdin), Writer: nopCloser{env.Stdout}})
	if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// recaller answers the MCP tools from one open index, limited to the
// projects it was started for (nil: every project).
type recaller struct {
	ix       *recall.Index
	projects []string
	now      func() time.Time
}

// SearchArgs are the arguments of search_memory and search_sessions.
type SearchArgs struct {
	Query          string `json:"query" jsonschema:"words, \"exact phrases\", prefix*, AND, OR, NOT, (...); BM25-ranked"`
	Scope          string `json:"scope,omitempty" jsonschema:"project (default: the project this server was started for) or all (every project; only when the server runs with --all)"`
	Limit          int    `json:"limit,omitempty" jsonschema:"most hits (default 10, at most 100)"`
	IncludeArchive bool   `json:"include_archive,omitempty" jsonschema:"search_memory only: also search archive.md"`
	Agent          string `json:"agent,omitempty" jsonschema:"only this agent: gemini, claude or codex"`
	Since          string `json:"since,omitempty" jsonschema:"only what changed since a date (2026-05-01), an RFC3339 time or a duration ago (7d, 36h)"`
}

// SearchResult is what both search tools return.
type SearchResult struct {
	Hits []searchHit `json:"hits"`
}

// TurnsArgs are the arguments of read_session_turns.
type TurnsArgs struct {
	Session string `json:"session" jsonschema:"the session id of a search_sessions hit"`
	From    int    `json:"from,omitempty" jsonschema:"first turn number (default: the first)"`
	To      int    `json:"to,omitempty" jsonschema:"last turn number, inclusive (default: the last)"`
}

// TurnsResult is one session's redacted turns.
type TurnsResult struct {
	recall.SessionInfo
	Resume string        `json:"resume"`
	Turns  []recall.Turn `json:"turns"`
}

func (r *recaller) server(version string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "automem", Title: "automem recall", Version: version}, &mcp.ServerOptions{
		Instructions: "Search this project's memory and past coding sessions (redacted). " +
			"A memory hit with status \"pending\" is a candidate no person has reviewed yet: not part of the memory. " +
			"Use search_memory for decisions and facts, search_sessions for what happened in a session, " +
			"then read_session_turns to read around a hit.",
	})
	ro := &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)}
	mcp.AddTool(s, &mcp.Tool{Name: "search_memory", Annotations: ro,
		Description: "Search the project's memory files (MEMORY.md and topic files, global memory, skills, pending candidates, evidence; archive.md with include_archive). Hits give file and line; a pending candidate's hit has status \"pending\" (not reviewed, not part of the memory)."},
		func(ctx context.Context, _ *mcp.CallToolRequest, a SearchArgs) (*mcp.CallToolResult, SearchResult, error) {
			kinds := []string{recall.KindMemory}
			if a.IncludeArchive {
				kinds = append(kinds, recall.KindArchive)
			}
			return r.search(ctx, a, kinds)
		})
	mcp.AddTool(s, &mcp.Tool{Name: "search_sessions", Annotations: ro,
		Description: "Search past agent sessions (human turns, assistant text, one line per tool call; redacted). Hits give session id, date, turn and the command that resumes it."},
		func(ctx context.Context, _ *mcp.CallToolRequest, a SearchArgs) (*mcp.CallToolResult, SearchResult, error) {
			return r.search(ctx, a, []string{recall.KindSession})
		})
	mcp.AddTool(s, &mcp.Tool{Name: "read_session_turns", Annotations: ro,
		Description: "Read a range of turns of one past session, as indexed (redacted; tool calls without their output)."},
		func(ctx context.Context, _ *mcp.CallToolRequest, a TurnsArgs) (*mcp.CallToolResult, TurnsResult, error) {
			info, turns, err := r.ix.Turns(ctx, a.Session, a.From, a.To, r.projects)
			if err != nil {
				return nil, TurnsResult{}, err
			}
			return nil, TurnsResult{SessionInfo: info, Turns: turns,
				Resume: resume(recall.Hit{Kind: recall.KindSession, Agent: info.Agent, Session: info.ID})}, nil
		})
	return s
}

func (r *recaller) search(ctx context.Context, a SearchArgs, kinds []string) (*mcp.CallToolResult, SearchResult, error) {
	projects := r.projects
	switch a.Scope {
	case "", "project":
	case "all":
		if r.projects != nil {
			return nil, SearchResult{}, errors.New(`scope "all": this server serves one project (start it with --all to search every project)`)
		}
	default:
		return nil, SearchResult{}, fmt.Errorf("scope %q: want project or all", a.Scope)
	}
	since, err := parseSince(a.Since, r.now())
	if err != nil {
		return nil, SearchResult{}, err
	}
	if a.Limit <= 0 {
		a.Limit = 10
	}
	hits, err := r.ix.Search(ctx, recall.Query{Text: a.Query, Kinds: kinds, Projects: projects, Agent: a.Agent, Since: since, Limit: min(a.Limit, 100)})
	if err != nil {
		return nil, SearchResult{}, err
	}
	out := SearchResult{Hits: []searchHit{}}
	for _, h := range hits {
		out.Hits = append(out.Hits, hitOf(h))
	}
	return nil, out, nil
}
