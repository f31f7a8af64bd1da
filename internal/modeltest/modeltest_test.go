package modeltest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

func client(s *Server) *openai.Client {
	c := openai.DefaultConfig("test-key")
	c.BaseURL = s.BaseURL
	return openai.NewClientWithConfig(c)
}

func ask(ctx context.Context, c *openai.Client, msgs ...openai.ChatCompletionMessage) (openai.ChatCompletionResponse, error) {
	if len(msgs) == 0 {
		msgs = []openai.ChatCompletionMessage{{Role: "system", Content: "sys"}, {Role: "user", Content: "hello"}}
	}
	return c.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: "m", Messages: msgs})
}

func TestScriptedSequence(t *testing.T) {
	s := New(t, Tools(Tool("read_file", "file_path", "/x"), Call{"write_file", `{"file_path":`}), Text("hi"), Done("ok"))
	c := client(s)
	ctx := context.Background()
	r1, err := ask(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	ch := r1.Choices[0]
	if ch.FinishReason != openai.FinishReasonToolCalls || len(ch.Message.ToolCalls) != 2 {
		t.Fatalf("turn 1 = %+v", ch)
	}
	if got := ch.Message.ToolCalls[0]; got.Function.Name != "read_file" || got.Function.Arguments != `{"file_path":"/x"}` || got.ID == "" {
		t.Errorf("call 0 = %+v", got)
	}
	if got := ch.Message.ToolCalls[1].Function.Arguments; got != `{"file_path":` {
		t.Errorf("malformed args not sent verbatim: %q", got)
	}
	r2, err := ask(ctx, c)
	if err != nil || r2.Choices[0].Message.Content != "hi" || r2.Choices[0].FinishReason != openai.FinishReasonStop {
		t.Fatalf("turn 2 = %+v, %v", r2, err)
	}
	for range 2 { // the last turn repeats
		r3, err := ask(ctx, c)
		if err != nil || r3.Choices[0].Message.ToolCalls[0].Function.Name != "complete_task" {
			t.Fatalf("turn 3 = %+v, %v", r3, err)
		}
	}
	reqs := s.Requests()
	if len(reqs) != 4 || reqs[0].Auth != "Bearer test-key" || reqs[0].Chat.Model != "m" || reqs[0].FirstUser() != "hello" {
		t.Fatalf("recorded %d requests, first %+v", len(reqs), reqs[0])
	}
	if !strings.Contains(s.Bodies(), `"content":"hello"`) {
		t.Errorf("bodies not recorded: %s", s.Bodies())
	}
}

func TestStatusAndRetryAfter(t *testing.T) {
	s := New(t, Status(http.StatusTooManyRequests, "Retry-After", "2"), Done("ok"))
	resp, err := http.Post(s.BaseURL+"/chat/completions", "application/json", strings.NewReader(`{"model":"m","messages":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "2" {
		t.Fatalf("got %d Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	_, err = ask(context.Background(), client(s))
	if err != nil {
		t.Fatal(err)
	}
	reqs := s.Requests()
	if reqs[0].Status != 429 || reqs[1].Status != 200 {
		t.Errorf("statuses %d %d", reqs[0].Status, reqs[1].Status)
	}
	if s.Conversations() != 1 {
		t.Errorf("conversations = %d, want 1 (the 429 does not count)", s.Conversations())
	}
}

func TestHangEndsWithClient(t *testing.T) {
	s := New(t, Hang())
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := ask(ctx, client(s))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("hang outlived the client by %v", d)
	}
	if err := s.WaitRequests(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
}

func TestHangReleasedByClose(t *testing.T) {
	s := New(t, Hang())
	done := make(chan error, 1)
	go func() { _, err := ask(context.Background(), client(s)); done <- err }()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.WaitRequests(ctx, 1); err != nil {
		t.Fatal(err)
	}
	s.Close()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a hung request got an answer")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not release the hung request")
	}
}

func TestDelay(t *testing.T) {
	s := New(t, Turn{Delay: 150 * time.Millisecond, Text: "late"})
	start := time.Now()
	r, err := ask(context.Background(), client(s))
	if err != nil || r.Choices[0].Message.Content != "late" {
		t.Fatal(r, err)
	}
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("answered after %v, want ≥150ms", d)
	}
}

func TestPerConversationConcurrent(t *testing.T) {
	s := PerConversation(t, Tools(Tool("read_file", "file_path", "a")), Done("ok"))
	c := client(s)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			msgs := []openai.ChatCompletionMessage{{Role: "system", Content: "s"}, {Role: "user", Content: "u"}}
			r, err := ask(context.Background(), c, msgs...)
			if err != nil || r.Choices[0].Message.ToolCalls[0].Function.Name != "read_file" {
				t.Errorf("turn 0: %+v %v", r, err)
				return
			}
			msgs = append(msgs, r.Choices[0].Message, openai.ChatCompletionMessage{Role: "tool", ToolCallID: r.Choices[0].Message.ToolCalls[0].ID, Content: "data"})
			r, err = ask(context.Background(), c, msgs...)
			if err != nil || r.Choices[0].Message.ToolCalls[0].Function.Name != "complete_task" {
				t.Errorf("turn 1: %+v %v", r, err)
			}
		}()
	}
	wg.Wait()
	if got := s.Conversations(); got != 8 {
		t.Errorf("conversations = %d, want 8", got)
	}
	var last Request
	for _, r := range s.Requests() {
		if r.TurnIndex() == 1 {
			last = r
		}
	}
	if last.LastTool() != "data" || len(last.ToolResults()) != 1 {
		t.Errorf("tool results of a second turn: %q", last.ToolResults())
	}
}

func TestDynamic(t *testing.T) {
	s := NewFunc(t, func(r *Request) Turn {
		return Turn{Dynamic: func(r *Request) Turn { return Text("echo:" + r.FirstUser()) }}
	})
	r, err := ask(context.Background(), client(s))
	if err != nil || r.Choices[0].Message.Content != "echo:hello" {
		t.Fatal(r, err)
	}
}

func TestWrongPath(t *testing.T) {
	s := New(t)
	resp, err := http.Get(s.URL + Path)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || len(s.Requests()) != 0 {
		t.Errorf("GET answered %d, recorded %d", resp.StatusCode, len(s.Requests()))
	}
}
