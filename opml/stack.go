package opml

// A stack holds the open elements of a walk over a tree (Parse's,
// Subscriptions', Write's), in chunks: 16 elements, then twice as many
// up to maxChunk, then maxChunk at a time. Its memory follows the depth
// of the walk to within one chunk, where a slice grown by append would
// allocate up to twice (or, grown by a quarter, five times) the deepest
// stack, rounded to its capacity classes: so a document nested ten times
// deeper costs ten times as much, not up to twenty.
type stack[T any] struct {
	chunks [][]T // each full but the last, which is not empty
	spare  []T   // a chunk emptied by pop, kept for the next push
	n      int
}

// maxChunk is the largest chunk of a stack.
const maxChunk = 256

// len returns the number of elements on the stack.
func (s *stack[T]) len() int { return s.n }

// push puts v on top of the stack.
func (s *stack[T]) push(v T) {
	k := len(s.chunks)
	if k == 0 || len(s.chunks[k-1]) == cap(s.chunks[k-1]) {
		c := s.spare
		s.spare = nil
		if c == nil {
			size := 16
			if k > 0 {
				size = min(2*cap(s.chunks[k-1]), maxChunk)
			}
			c = make([]T, 0, size)
		}
		s.chunks = append(s.chunks, c)
		k++
	}
	s.chunks[k-1] = append(s.chunks[k-1], v)
	s.n++
}

// top returns the element on top of the stack, which must not be empty.
func (s *stack[T]) top() *T {
	c := s.chunks[len(s.chunks)-1]
	return &c[len(c)-1]
}

// pop removes the element on top of the stack, which must not be empty.
func (s *stack[T]) pop() {
	k := len(s.chunks)
	c := s.chunks[k-1]
	var zero T
	c[len(c)-1] = zero // let go of what it points to
	c = c[:len(c)-1]
	s.n--
	if len(c) > 0 {
		s.chunks[k-1] = c
		return
	}
	s.chunks[k-1] = nil
	s.chunks = s.chunks[:k-1]
	if s.spare == nil || cap(c) > cap(s.spare) {
		s.spare = c
	}
}
