"""Runs: many files (folders, globs, zip archives, manifests, an OpenReview export), checked
in parallel, every result kept in a SQLite store as it arrives, outputs rendered from the store.

`run.run_items` is the run loop of `check`, `batch` and `serve` (a store optional) and
`work.Executor` the interface of the executors that check files; `inputs` finds the files,
`archive` reads zip archives safely, `openreview` reads a submission export, `plan` resolves
a pack per track and stage and keys results, `store` is the results database, `waivers` the
organizers' accepted findings, `local` and `dask_executor` check files here or on a Dask
cluster, `progress` shows the run and `outputs` writes its reports. docs/batch.md describes the commands and the store.
"""
