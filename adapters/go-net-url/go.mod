module uritest/adapters/go-net-url

go 1.19
