/** The sanitiser's cases, [what it shows, server HTML, what is rendered]: checked in the browser's environment and in the export's build (Node). */
export const SANITISING: [string, string, string][] = [
  [
    "removes style attributes but keeps the markup",
    '<p style="color:red" class="lead">Silk <strong style="font-size:40px">organza</strong></p>',
    '<p class="lead">Silk <strong>organza</strong></p>',
  ],
  [
    "removes scripts, event handlers, style blocks and javascript: links",
    '<img src="/a.png" onerror="alert(1)"><script>alert(2)</script><style>p{}</style><a href="javascript:alert(3)">x</a>',
    '<img src="/a.png"><a>x</a>',
  ],
  [
    "drops images without a real address",
    '<p>a</p><img src="x" onerror="alert(1)"><img src="https://cdn.example.com/b.jpg">',
    '<p>a</p><img src="https://cdn.example.com/b.jpg">',
  ],
  [
    "opens outside links in a new tab without this window",
    '<a href="https://example.com">x</a>',
    '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
  ],
];
