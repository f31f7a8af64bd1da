package redact

// matcher finds every rule keyword in one pass over a fragment (an
// Aho-Corasick automaton over ASCII-lowered bytes), so a rule's regex runs
// only near its keywords. This is what keeps redaction linear and fast: the
// 200-odd regexes never each scan the whole text.
type matcher struct {
	class [256]uint8 // byte -> alphabet class (0 = not in any keyword)
	width int        // number of classes
	next  []int32    // dense DFA: state*width + class -> state
	out   [][]int32  // state -> keyword ids ending here (with suffix outputs)
	term  []bool     // state -> len(out[state]) > 0, kept dense for the scan loop
	kwLen []int      // keyword id -> length
	nodes int
}

// newMatcher builds the automaton; keywords must be lower-case ASCII.
func newMatcher(keywords []string) *matcher {
	m := &matcher{}
	// Alphabet classes: each distinct byte of any keyword gets its own class.
	for _, k := range keywords {
		for i := 0; i < len(k); i++ {
			b := k[i]
			if m.class[b] == 0 {
				m.width++
				m.class[b] = uint8(m.width)
			}
			// Upper-case input is lowered before lookup, but make the
			// class table robust to it anyway.
			if b >= 'a' && b <= 'z' {
				m.class[b-32] = m.class[b]
			}
		}
	}
	m.width++ // class 0
	w := m.width
	// The trie is built straight into the dense table: next[s*w+c] is s's
	// child on c, 0 when it has none (the root is nobody's child). Filling
	// the gaps with failure transitions below then makes it the DFA. This
	// runs once per process that redacts, so it avoids a map per trie node
	// (which made it a few milliseconds of every run's start).
	size := 1
	for _, k := range keywords {
		size += len(k)
	}
	next := make([]int32, size*w)
	own := make([][]int32, 1, size) // state -> keyword ids ending exactly there
	m.kwLen = make([]int, len(keywords))
	for id, k := range keywords {
		m.kwLen[id] = len(k)
		s := 0
		for i := 0; i < len(k); i++ {
			at := s*w + int(m.class[k[i]])
			if next[at] == 0 {
				next[at] = int32(len(own))
				own = append(own, nil)
			}
			s = int(next[at])
		}
		own[s] = append(own[s], int32(id))
	}
	n := len(own)
	m.nodes = n
	m.next = next[:n*w]
	m.out = make([][]int32, n)
	fail := make([]int32, n)
	queue := make([]int32, 0, n)
	for c := 1; c < w; c++ {
		if nx := m.next[c]; nx != 0 {
			queue = append(queue, nx) // fail[nx] = 0, the root
		}
	}
	m.out[0] = own[0]
	for len(queue) > 0 {
		s := int(queue[0])
		queue = queue[1:]
		m.out[s] = append(append([]int32(nil), own[s]...), m.out[fail[s]]...)
		row, fallback := m.next[s*w:(s+1)*w], m.next[int(fail[s])*w:]
		for c := range row {
			if nx := row[c]; nx != 0 && c != 0 {
				fail[nx] = fallback[c]
				queue = append(queue, nx)
				continue
			}
			row[c] = fallback[c]
		}
	}
	m.term = make([]bool, n)
	for i := range m.out {
		m.term[i] = len(m.out[i]) > 0
	}
	return m
}

// scan calls hit(keywordID, start) for every keyword occurrence in s.
func (m *matcher) scan(s string, hit func(kw int32, start int)) {
	state := int32(0)
	w := m.width
	for i := 0; i < len(s); i++ {
		state = m.next[int(state)*w+int(m.class[s[i]])]
		if m.term[state] {
			for _, kw := range m.out[state] {
				hit(kw, i+1-m.kwLen[kw])
			}
		}
	}
}
