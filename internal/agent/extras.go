package agent

import (
	"encoding/json"
	"sync"
)

// callExtras carries provider-specific data attached to tool calls from one
// response to the next request. Gemini 3 on its OpenAI-compatible endpoint
// puts a thought signature in tool_calls[].extra_content and answers 400 if
// the next request does not send it back; go-openai's types drop unknown
// fields, so the HTTP layer keeps them by tool-call id and re-attaches them
// to the echoed assistant message.
type callExtras struct {
	mu   sync.Mutex
	byID map[string]json.RawMessage
}

// maxExtras bounds what is kept, whatever a response holds.
const maxExtras = 4096

// capture records extra_content of every tool call in a chat-completions
// response body.
func (c *callExtras) capture(body []byte) {
	var resp struct {
		Choices []struct {
			Message struct {
				ToolCalls []struct {
					ID    string          `json:"id"`
					Extra json.RawMessage `json:"extra_content"`
				} `json:"tool_calls"`
			} `json:"message"`
		} `json:"choices"`
	}
	if json.Unmarshal(body, &resp) != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, ch := range resp.Choices {
		for _, tc := range ch.Message.ToolCalls {
			if tc.ID == "" || len(tc.Extra) == 0 || string(tc.Extra) == "null" {
				continue
			}
			if c.byID == nil {
				c.byID = map[string]json.RawMessage{}
			}
			if len(c.byID) < maxExtras {
				c.byID[tc.ID] = tc.Extra
			}
		}
	}
}

// apply adds the recorded extra_content to matching tool calls of assistant
// messages in a request body. The body is returned unchanged when nothing
// was recorded or it cannot be parsed.
func (c *callExtras) apply(body []byte) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.byID) == 0 {
		return body
	}
	var req map[string]json.RawMessage
	if json.Unmarshal(body, &req) != nil {
		return body
	}
	var msgs []map[string]json.RawMessage
	if json.Unmarshal(req["messages"], &msgs) != nil {
		return body
	}
	changed := false
	for _, m := range msgs {
		raw, ok := m["tool_calls"]
		if !ok {
			continue
		}
		var calls []map[string]json.RawMessage
		if json.Unmarshal(raw, &calls) != nil {
			continue
		}
		hit := false
		for _, tc := range calls {
			var id string
			if json.Unmarshal(tc["id"], &id) != nil {
				continue
			}
			if extra, ok := c.byID[id]; ok {
				tc["extra_content"] = extra
				hit = true
			}
		}
		if hit {
			if m["tool_calls"], ok = marshal(calls); !ok {
				return body
			}
			changed = true
		}
	}
	if !changed {
		return body
	}
	var ok bool
	if req["messages"], ok = marshal(msgs); !ok {
		return body
	}
	out, ok := marshal(req)
	if !ok {
		return body
	}
	return out
}

func marshal(v any) ([]byte, bool) {
	b, err := json.Marshal(v)
	return b, err == nil
}
