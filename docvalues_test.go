package feedspec

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocShowsValues reads the package's source and checks that the value
// of every exported constant and variable names no unexported identifier of
// the package, so that go doc shows the value itself ("const
// TaxonomyScheme = nsTaxo" told a reader nothing; issue 39, item 7).
// Package names (errors.New), exported names (xml5.ErrLimit) and iota are
// shown usefully and allowed.
func TestDocShowsValues(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	var parsed []*ast.File
	unexported := map[string]bool{} // the package's own unexported top-level names
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		parsed = append(parsed, f)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && !d.Name.IsExported() {
					unexported[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if !n.IsExported() {
								unexported[n.Name] = true
							}
						}
					case *ast.TypeSpec:
						if !s.Name.IsExported() {
							unexported[s.Name.Name] = true
						}
					}
				}
			}
		}
	}
	require.True(t, unexported["errPrefix"], "the scan did not find errPrefix: is it broken?")
	checked := 0
	for _, f := range parsed {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				exported := false
				for _, n := range vs.Names {
					exported = exported || n.IsExported()
				}
				if !exported {
					continue
				}
				checked++
				for _, v := range vs.Values {
					ast.Inspect(v, func(n ast.Node) bool {
						switch n := n.(type) {
						case *ast.SelectorExpr:
							// pkg.Name: only the package's name is an
							// identifier of this file.
							ast.Inspect(n.X, func(m ast.Node) bool {
								if id, ok := m.(*ast.Ident); ok && unexported[id.Name] {
									assert.Fail(t, "unexported name in a shown value", "%s: %s's value names %s", fset.Position(id.Pos()), vs.Names[0].Name, id.Name)
								}
								return true
							})
							return false
						case *ast.FuncLit:
							return false // a function's body is not shown
						case *ast.Ident:
							if unexported[n.Name] {
								assert.Fail(t, "unexported name in a shown value", "%s: %s's value names %s", fset.Position(n.Pos()), vs.Names[0].Name, n.Name)
							}
						}
						return true
					})
				}
			}
		}
	}
	assert.GreaterOrEqual(t, checked, 20, "found only %d exported constants and variables: is the scan broken?", checked)
}
