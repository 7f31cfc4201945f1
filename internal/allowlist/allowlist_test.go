package allowlist

import (
	"net/http"
	"net/netip"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func prefixes(ss ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

func TestCanonical(t *testing.T) {
	in := append(prefixes("192.168.1.20/32", "10.1.2.3/8", "::ffff:127.0.0.1/128", "fe80::1/10", "10.0.0.0/8", "::ffff:1:0/95"),
		netip.Prefix{}, netip.PrefixFrom(netip.MustParseAddr("10.0.0.1"), 40))
	keep := append([]netip.Prefix(nil), in...)
	got := Canonical(in)
	assert.Equal(t, prefixes("10.0.0.0/8", "127.0.0.1/32", "192.168.1.20/32", "::fffe:0:0/95", "fe80::/10"), got,
		"valid, masked, IPv4-mapped of 96 bits or more as IPv4, sorted, once")
	assert.Equal(t, keep, in, "the list is not changed")
	assert.Equal(t, prefixes("0.0.0.0/0"), Canonical(prefixes("::ffff:0:0/96")), "every IPv4-mapped address: every IPv4 address")
	assert.Nil(t, Canonical(nil), "none")
	assert.Nil(t, Canonical([]netip.Prefix{{}}), "only the zero Prefix")
}

func TestContains(t *testing.T) {
	allow := Canonical(prefixes("192.168.1.0/24", "fe80::/10"))
	for addr, want := range map[string]bool{
		"192.168.1.7":         true,
		"192.168.2.7":         false,
		"::ffff:192.168.1.7":  true,
		"fe80::1%eth0":        true,
		"fc00::1":             false,
		"64:ff9b::c0a8:107":   false,
		"::ffff:192.168.2.7":  false,
		"2606:4700:4700::111": false,
	} {
		assert.Equal(t, want, Contains(allow, netip.MustParseAddr(addr)), addr)
	}
	assert.False(t, Contains(allow, netip.Addr{}), "the zero Addr")
	assert.False(t, Contains(nil, netip.MustParseAddr("192.168.1.7")), "an empty list")
}

func TestClients(t *testing.T) {
	built := 0
	c := &Clients{New: func(allow []netip.Prefix) *http.Client {
		built++
		require.NotEmpty(t, allow, "New is given a non-empty list")
		return &http.Client{Transport: &http.Transport{}}
	}}
	assert.Nil(t, c.Get(nil), "no list")
	assert.Nil(t, c.Get([]netip.Prefix{{}}), "no valid prefix")
	assert.Equal(t, 0, built, "nothing built for no valid prefix")

	a := c.Get(prefixes("127.0.0.1/32", "10.0.0.0/8"))
	require.NotNil(t, a, "a client")
	assert.Same(t, a, c.Get(prefixes("10.0.0.0/8", "127.0.0.1/32", "127.0.0.1/32")), "the same list in another order")
	assert.Same(t, a, c.Get(append(prefixes("10.9.9.9/8", "127.0.0.1/32"), netip.Prefix{})), "the same list, written otherwise")
	assert.Equal(t, 1, built, "built once")
	assert.NotSame(t, a, c.Get(prefixes("127.0.0.1/32")), "another list")

	// At most MaxClients are kept: the oldest goes first.
	for i := range 2 * MaxClients {
		c.Get(prefixes("10.0.0." + strconv.Itoa(i) + "/32"))
		assert.LessOrEqual(t, c.Len(), MaxClients, "clients kept")
	}
	assert.Equal(t, MaxClients, c.Len(), "clients kept")
	before := built
	assert.NotSame(t, a, c.Get(prefixes("127.0.0.1/32", "10.0.0.0/8")), "the first list's client was let go")
	assert.Equal(t, before+1, built, "and is built again")
}
