package feedspec

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// SECURITY.md's numbers are claims, and a claim names the test that
// asserts it. TestSecurityClaimsNamed reads SECURITY.md and finds every
// claim with a number (a table row, or a bullet with its continuation
// lines, holding a figure: bytes per byte, a size in bytes, KiB, MB, MiB,
// GB, a ratio, a count of times, or a table cell that is a number) and
// requires that it names at least one Test or Fuzz function that exists
// in the repository's test files (every module: the root, xml5, article,
// cmd/feedspec, feedspectest, websub, opml, examples...). Every Test or
// Fuzz name SECURITY.md gives anywhere must exist too, so that a renamed
// test cannot leave a claim pointing at nothing.
//
// A table whose rows are all asserted by the same tests may say so once:
// the line `<!-- every row: TestA, TestB -->` directly before the table
// names them for each of its rows. A row or bullet that is not a claim
// (a definition, a limit's default, a figure about the corpus or another
// program) is exempted by `<!-- not a claim -->` in it, and every row of
// a table by `<!-- every row: not a claim -->` before it. Fenced code
// blocks are skipped.

// securityClaimMarkers are the markers TestSecurityClaimsNamed reads.
const (
	notAClaim        = "<!-- not a claim -->"
	everyRowPrefix   = "<!-- every row:"
	everyRowNotClaim = "<!-- every row: not a claim -->"
)

var (
	// claimFigure matches a number with a unit of cost or size, a ratio
	// or a count of times.
	claimFigure = regexp.MustCompile(`\d[\d,.]*\s*(?:bytes?\b|B/B|[KMG]i?B\b|kB\b|times\b|×)|×\s*\d|\b\d[\d.]*x\b`)
	// numericCell matches a table cell that is a number, perhaps with a
	// note such as "(limit)".
	numericCell = regexp.MustCompile(`^\s*[\d,.]+\s*(?:\(\w+\))?\s*$`)
	// testName matches a Go test or fuzz function's name as SECURITY.md
	// writes it.
	testName = regexp.MustCompile(`\b(?:Test|Fuzz)[A-Z0-9_]\w*`)
	// testFunc matches a test or fuzz function's declaration.
	testFunc = regexp.MustCompile(`(?m)^func ((?:Test|Fuzz)\w+)\(`)
)

// securityClaim is a table row or a bullet of SECURITY.md.
type securityClaim struct {
	line  int    // its first line, from 1
	text  string // its lines, joined
	names []string
	exempt,
	numeric bool
}

// repositoryTests returns the names of the Test and Fuzz functions of
// every _test.go file under root.
func repositoryTests(t *testing.T, root string) map[string]bool {
	names := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range testFunc.FindAllSubmatch(b, -1) {
			names[string(m[1])] = true
		}
		return nil
	})
	require.NoError(t, err, "walking the repository's test files")
	return names
}

// securityClaims splits SECURITY.md into its table rows and bullets.
func securityClaims(t *testing.T, doc string) []securityClaim {
	var claims []securityClaim
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(doc))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	require.NoError(t, sc.Err())
	fenced := false
	var bullet *securityClaim
	var tableNames []string
	tableExempt, inTable := false, false
	endBullet := func() {
		if bullet != nil {
			claims = append(claims, *bullet)
			bullet = nil
		}
	}
	for i, l := range lines {
		trimmed := strings.TrimSpace(l)
		if strings.HasPrefix(trimmed, "```") {
			fenced = !fenced
			endBullet()
			continue
		}
		if fenced {
			continue
		}
		if strings.HasPrefix(trimmed, "|") {
			endBullet()
			if !inTable {
				// A new table: its first row is the header; the
				// line before it may name the tests of every row.
				inTable = true
				tableNames, tableExempt = nil, false
				if i > 0 {
					prev := strings.TrimSpace(lines[i-1])
					switch {
					case prev == everyRowNotClaim:
						tableExempt = true
					case strings.HasPrefix(prev, everyRowPrefix):
						tableNames = testName.FindAllString(prev, -1)
						require.NotEmpty(t, tableNames, "SECURITY.md line %d: %q names no test", i, prev)
					}
				}
				continue
			}
			if strings.HasPrefix(strings.ReplaceAll(trimmed, " ", ""), "|---") || strings.HasPrefix(strings.ReplaceAll(trimmed, " ", ""), "|:--") {
				continue
			}
			c := securityClaim{line: i + 1, text: l, exempt: tableExempt || strings.Contains(l, notAClaim)}
			c.names = append(testName.FindAllString(l, -1), tableNames...)
			c.numeric = claimFigure.MatchString(l)
			for _, cell := range strings.Split(strings.Trim(trimmed, "|"), "|") {
				c.numeric = c.numeric || numericCell.MatchString(cell)
			}
			claims = append(claims, c)
			continue
		}
		inTable = false
		switch {
		case strings.HasPrefix(trimmed, "- ") || strings.HasPrefix(trimmed, "* "):
			endBullet()
			bullet = &securityClaim{line: i + 1, text: l}
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			endBullet()
		case bullet != nil && strings.HasPrefix(l, " "):
			bullet.text += "\n" + l
		default:
			endBullet()
		}
	}
	endBullet()
	for i := range claims {
		c := &claims[i]
		if !strings.HasPrefix(strings.TrimSpace(c.text), "|") {
			c.names = testName.FindAllString(c.text, -1)
			c.numeric = claimFigure.MatchString(c.text)
			c.exempt = strings.Contains(c.text, notAClaim)
		}
	}
	return claims
}

// TestSecurityClaimsNamed checks that every numeric claim of SECURITY.md
// names a test that exists, and that every test it names exists.
func TestSecurityClaimsNamed(t *testing.T) {
	b, err := os.ReadFile("SECURITY.md")
	require.NoError(t, err, "SECURITY.md at the repository's root")
	tests := repositoryTests(t, ".")
	require.NotEmpty(t, tests, "the repository's test functions")
	require.True(t, tests["TestSecurityClaimsNamed"], "the walk finds this test")

	for _, name := range testName.FindAllString(string(b), -1) {
		// A name may be a -run pattern's prefix of several tests
		// (`go test -run 'TestHostileBody'`).
		found := tests[name]
		for n := range tests {
			found = found || strings.HasPrefix(n, name)
		}
		assert.True(t, found, "SECURITY.md names %s, which no _test.go file of the repository declares (nor any test it is the prefix of)", name)
	}
	claims := securityClaims(t, string(b))
	numeric, named, exempt := 0, 0, 0
	for _, c := range claims {
		if !c.numeric {
			continue
		}
		numeric++
		if c.exempt {
			exempt++
			continue
		}
		ok := false
		for _, n := range c.names {
			ok = ok || tests[n]
		}
		if ok {
			named++
		}
		assert.True(t, ok, "SECURITY.md line %d states a figure and names no test that asserts it (name one, or mark it %s if it is not a claim):\n%s", c.line, notAClaim, c.text)
	}
	t.Logf("SECURITY.md: %d table rows and bullets, %d with a figure: %d name a test, %d are not claims", len(claims), numeric, named, exempt)
}

// TestSecurityClaimsParse checks the reading of SECURITY.md's claims on a
// small document: rows, bullets with continuation lines, both markers,
// and code blocks skipped.
func TestSecurityClaimsParse(t *testing.T) {
	doc := strings.Join([]string{
		"| shape | bytes |",
		"|---|---:|",
		"| a | 12.4 |",
		"| b `TestB` | 3 MiB |",
		"| c | none |",
		"",
		everyRowNotClaim,
		"| limit | default |",
		"|---|---|",
		"| MaxDepth | 10,000 |",
		"",
		"<!-- every row: TestT -->",
		"| shape | x |",
		"|---|---|",
		"| d | 2.5 |",
		"",
		"- a bullet of 16 bytes per byte,",
		"  asserted by `TestC`",
		"- a bullet of words",
		"- at most 4x " + notAClaim,
		"```",
		"| e | 99 |",
		"```",
	}, "\n")
	claims := securityClaims(t, doc)
	type got struct {
		line            int
		numeric, exempt bool
		names           string
	}
	var gots []got
	for _, c := range claims {
		gots = append(gots, got{c.line, c.numeric, c.exempt, strings.Join(c.names, ",")})
	}
	assert.Equal(t, []got{
		{3, true, false, ""},
		{4, true, false, "TestB"},
		{5, false, false, ""},
		{10, true, true, ""},
		{15, true, false, "TestT"},
		{17, true, false, "TestC"},
		{19, false, false, ""},
		{20, true, true, ""},
	}, gots, "the rows and bullets read, with their figures, markers and names")
}
