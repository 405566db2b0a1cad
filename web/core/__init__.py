"""What every page shares: the pooled database handle, Babel, CSRF, the origin check,
security headers, request limits, errors, forms, the refusals' words, PDF, QR, charts, the
production server and the CLI.
"""
