// Tests for this module arrive with its issue.
