"""HTTP machinery: security, errors, static assets, addresses, conditional answers, kept pages and the one cache primitive."""
