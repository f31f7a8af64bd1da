package cli

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"time"

	"github.com/alecthomas/kong"
)

// Range checking is declarative: a numeric or duration flag carries
// `min:"…" max:"…"` tags (durations in time.ParseDuration syntax), and Main
// checks every flag of the chosen command against them right after parsing,
// whether its value came from the command line, an environment variable or
// the default. A value outside its range is a usage error (exit 80) that
// names the flag, the value and the allowed range, before any command runs
// — so a negative count can never reach code that would panic on it.
//
// Every int, uint, float and time.Duration flag must declare both bounds;
// CheckRangeTags (run by each binary's tests) enforces that, so a new flag
// cannot slip in unchecked.

var durationType = reflect.TypeOf(time.Duration(0))

// RangeError is a flag value outside its declared range.
type RangeError struct {
	Flag     string // "--max-new"
	Value    string // as parsed, e.g. "-1" or "-1h0m0s"
	From     string // the environment variable it came from, if any
	Min, Max string
}

func (e *RangeError) Error() string {
	from := ""
	if e.From != "" {
		from = " (from envar " + e.From + ")"
	}
	return fmt.Sprintf("%s=%s%s is out of range: allowed %s to %s", e.Flag, e.Value, from, e.Min, e.Max)
}

// CheckRanges checks every flag on kctx's command path against its min and
// max tags.
func CheckRanges(kctx *kong.Context, getenv func(string) string) error {
	for _, f := range kctx.Flags() {
		if f.Tag == nil || (!f.Tag.Has("min") && !f.Tag.Has("max")) {
			continue
		}
		if err := checkRange(f, onCommandLine(kctx, f), getenv); err != nil {
			return err
		}
	}
	return nil
}

func checkRange(f *kong.Flag, typed bool, getenv func(string) string) error {
	lo, hi, err := bounds(f)
	if err != nil {
		return err
	}
	v := f.Target
	var val float64
	var shown string
	switch {
	case v.Type() == durationType:
		d := time.Duration(v.Int())
		val, shown = float64(d), d.String()
	case v.CanInt():
		val, shown = float64(v.Int()), strconv.FormatInt(v.Int(), 10)
	case v.CanUint():
		val, shown = float64(v.Uint()), strconv.FormatUint(v.Uint(), 10)
	case v.CanFloat():
		val, shown = v.Float(), strconv.FormatFloat(v.Float(), 'g', -1, 64)
	}
	if val >= lo && val <= hi && !math.IsNaN(val) {
		return nil
	}
	re := &RangeError{Flag: "--" + f.Name, Value: shown, Min: f.Tag.Get("min"), Max: f.Tag.Get("max")}
	if !typed && getenv != nil {
		for _, name := range f.Tag.Envs {
			if getenv(name) != "" {
				re.From = name
				break
			}
		}
	}
	return re
}

// onCommandLine says whether f was typed on the command line (else its
// value came from the environment or the default).
func onCommandLine(kctx *kong.Context, f *kong.Flag) bool {
	for _, p := range kctx.Path {
		if p.Flag == f {
			return true
		}
	}
	return false
}

// bounds reads a flag's min and max tags in the flag's own unit
// (nanoseconds for durations).
func bounds(f *kong.Flag) (lo, hi float64, err error) {
	parse := func(s string) (float64, error) {
		if f.Target.Type() == durationType {
			d, err := time.ParseDuration(s)
			return float64(d), err
		}
		return strconv.ParseFloat(s, 64)
	}
	if !f.Tag.Has("min") || !f.Tag.Has("max") {
		return 0, 0, fmt.Errorf("flag --%s: declare both min and max", f.Name)
	}
	if lo, err = parse(f.Tag.Get("min")); err != nil {
		return 0, 0, fmt.Errorf("flag --%s: min tag: %w", f.Name, err)
	}
	if hi, err = parse(f.Tag.Get("max")); err != nil {
		return 0, 0, fmt.Errorf("flag --%s: max tag: %w", f.Name, err)
	}
	if !f.Target.CanInt() && !f.Target.CanUint() && !f.Target.CanFloat() {
		return 0, 0, fmt.Errorf("flag --%s: min/max on a non-numeric flag", f.Name)
	}
	return lo, hi, nil
}

// CheckRangeTags walks every command of a parser and reports numeric or
// duration flags without valid min and max tags. Each binary's tests call
// it, so a flag added later is range-checked or the build's tests fail.
func CheckRangeTags(k *kong.Kong) []error {
	var errs []error
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		for _, f := range n.Flags {
			t := f.Target
			numeric := t.CanInt() || t.CanUint() || t.CanFloat()
			if !numeric || f.Name == "help" || t.Kind() == reflect.Bool {
				continue
			}
			if _, _, err := bounds(f); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", n.FullPath(), err))
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(k.Model.Node)
	return errs
}
