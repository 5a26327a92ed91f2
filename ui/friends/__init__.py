"""Friends on their own devices: the messages between the host and its guests, and the host's room."""
