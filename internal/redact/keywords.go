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
	type trieNode struct {
		child map[uint8]int32
		out   []int32
	}
	trie := []trieNode{{child: map[uint8]int32{}}}
	m.kwLen = make([]int, len(keywords))
	for id, k := range keywords {
		m.kwLen[id] = len(k)
		s := int32(0)
		for i := 0; i < len(k); i++ {
			c := m.class[k[i]]
			nx, ok := trie[s].child[c]
			if !ok {
				nx = int32(len(trie))
				trie = append(trie, trieNode{child: map[uint8]int32{}})
				trie[s].child[c] = nx
			}
			s = nx
		}
		trie[s].out = append(trie[s].out, int32(id))
	}
	n := len(trie)
	m.nodes = n
	m.next = make([]int32, n*m.width)
	m.out = make([][]int32, n)
	fail := make([]int32, n)
	queue := make([]int32, 0, n)
	for c := 0; c < m.width; c++ {
		if nx, ok := trie[0].child[uint8(c)]; ok && c != 0 {
			m.next[c] = nx
			fail[nx] = 0
			queue = append(queue, nx)
		}
	}
	m.out[0] = trie[0].out
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		m.out[s] = append(append([]int32(nil), trie[s].out...), m.out[fail[s]]...)
		for c := 0; c < m.width; c++ {
			nx, ok := trie[s].child[uint8(c)]
			if ok && c != 0 {
				fail[nx] = m.next[int(fail[s])*m.width+c]
				m.next[int(s)*m.width+c] = nx
				queue = append(queue, nx)
				continue
			}
			m.next[int(s)*m.width+c] = m.next[int(fail[s])*m.width+c]
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
