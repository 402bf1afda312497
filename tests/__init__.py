"""The test tiers (a package, so same-named modules in two tiers do not clash); see conftest.py."""
