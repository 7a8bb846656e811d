"""Services: the director's glue between the pure layers and the store, shared by the command
line and the web application. Each service loads an aggregate from its events, runs one
command of the pure layer, and appends exactly the new events in one transaction. The online
card room is its own package beside this one (:mod:`pokertd.room`)."""
