package agent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
)

// errResponseTooLarge is returned by a response body that passed its cap.
var errResponseTooLarge = errors.New("model response over the size cap")

// ErrRequestTooLarge: the conversation outgrew the request cap; nothing more
// is sent, which bounds the cost of a run that keeps reading.
var ErrRequestTooLarge = errors.New("model request over the size cap")

// doer is the HTTP layer under go-openai. It owns what the library does not:
// a timeout per attempt, bounded retries on 408/429/5xx and connection errors
// (honouring Retry-After), a cap on the response body, and a count of the
// bytes sent to the model.
type doer struct {
	client     *http.Client
	maxRetries int
	maxWait    time.Duration
	reqTimeout time.Duration
	maxResp    int64
	maxReq     int64
	sleep      func(context.Context, time.Duration) error
	now        func() time.Time
	log        zerolog.Logger
	sent       atomic.Int64
	retries    atomic.Int64
	extras     callExtras
	meter      *meter
}

// Do sends req, retrying as configured. The request body is buffered once so
// every attempt sends the same bytes.
func (d *doer) Do(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("buffer model request: %w", err)
		}
		body = b
	}
	body = d.extras.apply(body)
	if d.maxReq > 0 && int64(len(body)) > d.maxReq {
		return nil, fmt.Errorf("%w: %d bytes, cap %d", ErrRequestTooLarge, len(body), d.maxReq)
	}
	if d.meter != nil {
		capTokens, err := d.meter.admit(req.Context(), len(body))
		if err != nil {
			return nil, err
		}
		if capTokens > 0 {
			body = withMaxTokens(body, capTokens)
		}
	}
	parent := req.Context()
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(parent, d.reqTimeout)
		r := req.Clone(ctx)
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		d.sent.Add(int64(len(body)))
		resp, err := d.client.Do(r)
		if err != nil {
			cancel()
			if parent.Err() != nil {
				return nil, parent.Err()
			}
			if errors.Is(err, context.DeadlineExceeded) {
				err = fmt.Errorf("no answer within %s: %w", d.reqTimeout, err)
			}
			if attempt >= d.maxRetries {
				return nil, fmt.Errorf("model request after %d attempt(s): %w", attempt+1, err)
			}
			wait := d.backoff(attempt)
			d.log.Warn().Err(err).Int("attempt", attempt+1).Dur("wait", wait).Msg("model request failed; retrying")
			if err := d.pause(parent, wait); err != nil {
				return nil, err
			}
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests && d.meter != nil {
			d.meter.rateLimited(resp.Header)
		}
		if retryable(resp.StatusCode) && attempt < d.maxRetries {
			wait := d.retryAfter(resp.Header, attempt)
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
			resp.Body.Close()
			cancel()
			d.log.Warn().Int("status", resp.StatusCode).Int("attempt", attempt+1).Dur("wait", wait).Msg("model endpoint busy or failing; retrying")
			if err := d.pause(parent, wait); err != nil {
				return nil, err
			}
			continue
		}
		// Read the whole (capped) body inside the attempt, so the
		// per-attempt timeout covers a trickling body and a connection cut
		// mid-body is retried like any connection error: no tool has run yet.
		data, err := io.ReadAll(io.LimitReader(resp.Body, d.maxResp+1))
		resp.Body.Close()
		cancel()
		if int64(len(data)) > d.maxResp {
			return nil, fmt.Errorf("%w (%d bytes)", errResponseTooLarge, d.maxResp)
		}
		if err != nil {
			if parent.Err() != nil {
				return nil, parent.Err()
			}
			if attempt >= d.maxRetries {
				return nil, fmt.Errorf("read model response after %d attempt(s): %w", attempt+1, err)
			}
			wait := d.backoff(attempt)
			d.log.Warn().Err(err).Int("attempt", attempt+1).Dur("wait", wait).Msg("model response cut off; retrying")
			if err := d.pause(parent, wait); err != nil {
				return nil, err
			}
			continue
		}
		if resp.StatusCode/100 == 2 {
			d.extras.capture(data)
			if d.meter != nil {
				d.meter.answered(len(body))
			}
		}
		resp.Body = io.NopCloser(bytes.NewReader(data))
		resp.ContentLength = int64(len(data))
		return resp, nil
	}
}

func (d *doer) pause(ctx context.Context, wait time.Duration) error {
	d.retries.Add(1)
	return d.sleep(ctx, wait)
}

// retryable says which statuses are worth another try: timeouts, rate
// limits and server errors. 401/403 and other 4xx are final.
func retryable(code int) bool {
	return code == http.StatusRequestTimeout || code == http.StatusTooManyRequests || code >= 500
}

// backoff is 1s, 2s, 4s, … capped at maxWait.
func (d *doer) backoff(attempt int) time.Duration {
	w := time.Second << min(attempt, 10)
	return min(w, d.maxWait)
}

// retryAfter reads retry-after-ms (OpenAI) or Retry-After (seconds or an
// HTTP date), falling back to backoff; the wait is clamped to [0, maxWait].
func (d *doer) retryAfter(h http.Header, attempt int) time.Duration {
	w := d.backoff(attempt)
	now := d.now()
	if t := retryAfterTime(h, now); !t.IsZero() {
		w = t.Sub(now)
	}
	return min(max(w, 0), d.maxWait)
}

// sleepCtx waits for d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
