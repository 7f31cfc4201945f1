package article_test

import (
	"fmt"
	"strings"

	"github.com/feedspec/feedspec/article"
)

func ExampleExtract() {
	page := `<html lang="en"><head><title>Night trains return | Rail Notes</title>
<meta property="article:published_time" content="2024-11-02T06:00:00Z"></head>
<body><nav><a href="/">Home</a> <a href="/archive">Archive</a></nav>
<article><h1>Night trains return</h1>
<p>The sleeper left Vienna at ten, and by morning we were in the hills above the border, with snow on the sidings and small stations passing the window.</p>
<p>Each station had one lamp, a bench and a timetable under glass that nobody would read before morning, and the conductor came round with coffee at six.</p>
</article><footer>Rail Notes</footer></body></html>`
	a, err := article.Extract(strings.NewReader(page), "https://rail.example/trains")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Title)
	fmt.Println(a.Published.Format("2006-01-02"), a.Language, a.WordCount, "words")
	fmt.Println(a.Text[:40])
	// Output:
	// Night trains return
	// 2024-11-02 en 55 words
	// The sleeper left Vienna at ten, and by m
}
