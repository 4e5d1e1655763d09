/**
 * A detail page whose entity the API does not have (an unknown or withdrawn
 * id, served by the placeholder page with 200) asks search engines not to
 * index it: the soft 404 of a static export. React puts the tag in the head.
 */
export function NoIndex() {
  return <meta name="robots" content="noindex" />;
}
