"""What every stage's report uses: the HTML report, utility metrics and progress."""
