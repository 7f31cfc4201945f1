package feedspec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteDebugOne(t *testing.T) {
	path, format := os.Getenv("RT_FILE"), os.Getenv("RT_FORMAT")
	if path == "" {
		t.Skip()
	}
	in, _ := os.ReadFile(path)
	const base = "https://example.com/feeds/feed.xml"
	f, _ := ParseDocument(bytes.NewReader(in), WithURL(base), WithJSONFeed())
	for _, wf := range writeFormats {
		if wf.name != format {
			continue
		}
		var out bytes.Buffer
		wf.write(f, &out)
		if os.Getenv("RT_SHOW") != "" {
			fmt.Println(out.String())
		}
		g, _ := ParseDocument(bytes.NewReader(out.Bytes()), append([]Option{WithURL(base)}, wf.opts...)...)
		want, got := canonicalMap(f), canonicalMap(g)
		writeExpect(format, f, want)
		dropAllSynthesizedLinks(format, got)
		compareObjects("", want, got, compareRules{format == "rss", format != "jsonfeed"}, func(p string) {
			fmt.Println("DIFF", p)
		})
		w, _ := json.MarshalIndent(want, "", " ")
		gg, _ := json.MarshalIndent(got, "", " ")
		os.WriteFile("/tmp/rt_want.json", w, 0o644)
		os.WriteFile("/tmp/rt_got.json", gg, 0o644)
	}
}

func TestWriteDebugIdem(t *testing.T) {
	path, format := os.Getenv("RT_FILE"), os.Getenv("RT_FORMAT")
	if path == "" {
		t.Skip()
	}
	in, _ := os.ReadFile(path)
	const base = "https://example.com/feeds/feed.xml"
	f, _ := ParseDocument(bytes.NewReader(in), WithURL(base))
	for _, wf := range writeFormats {
		if wf.name != format {
			continue
		}
		var out, again bytes.Buffer
		wf.write(f, &out)
		g, _ := ParseDocument(bytes.NewReader(out.Bytes()), append([]Option{WithURL(base)}, wf.opts...)...)
		wf.write(g, &again)
		os.WriteFile("/tmp/rt_1", out.Bytes(), 0o644)
		os.WriteFile("/tmp/rt_2", again.Bytes(), 0o644)
	}
}

func TestWriteDebugConf(t *testing.T) {
	if os.Getenv("RT_CONF") == "" {
		t.Skip()
	}
	_, docs := roundTripDocuments(t)
	os.WriteFile("/tmp/conf.xml", docs["conformance/"+os.Getenv("RT_CONF")], 0o644)
}

func TestWriteDebugGolden(t *testing.T) {
	if os.Getenv("RT_GOLDEN") == "" {
		t.Skip()
	}
	files, _ := filepath.Glob("testdata/golden/*.xml")
	j, _ := filepath.Glob("testdata/jsonfeed/*.feed.json")
	for _, p := range append(files, j...) {
		in, _ := os.ReadFile(p)
		f, _ := ParseDocument(bytes.NewReader(in), WithURL("https://example.com/f"), WithJSONFeed())
		if f == nil {
			continue
		}
		for _, wf := range writeFormats {
			var out bytes.Buffer
			wf.write(f, &out)
			g, _ := ParseDocument(bytes.NewReader(out.Bytes()), append([]Option{WithURL("https://example.com/f")}, wf.opts...)...)
			if d := compareWritten(wf.name, f, g); len(d) > 0 {
				fmt.Println(p, wf.name, d)
			}
		}
	}
}

func TestWriteDebugDates(t *testing.T) {
	if os.Getenv("RT_DATES") == "" {
		t.Skip()
	}
	in, _ := os.ReadFile("testdata/golden/dates-rss.xml")
	f, _ := ParseDocument(bytes.NewReader(in), WithURL("https://example.com/f"), WithJSONFeed())
	var out bytes.Buffer
	f.WriteRSS(&out)
	g, _ := ParseDocument(bytes.NewReader(out.Bytes()), WithURL("https://example.com/f"))
	want, got := canonicalMap(f), canonicalMap(g)
	writeExpect("rss", f, want)
	for i, e := range list(want["entries"]) {
		a, b := e.(map[string]any)["published"], list(got["entries"])[i].(map[string]any)["published"]
		if !sameInstant(a, b, true) {
			fmt.Println(i, a, b)
		}
	}
}
