# syntax=docker/dockerfile:1
#
# cupertino serve --http in a container. The index is not in the image: mount
# a directory holding search.db (from `cupertino setup` or `cupertino save`)
# at /data, and give the bearer token clients must send:
#
#   docker build -t cupertino .
#   docker run -d -p 8080:8080 -v ~/.cupertino:/data \
#     -e CUPERTINO_TOKEN=$(openssl rand -hex 16) cupertino
#
# or fill a volume with the release bundle first:
#
#   docker run --rm -v cupertino-index:/data cupertino setup --base-dir /data --yes
#
# Clients then use http://HOST:8080/mcp with "Authorization: Bearer <token>";
# GET /healthz needs no token (docs/scaling.md).

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
# cgo for tree-sitter, linked statically so the binary needs no libc in the
# final image.
RUN CGO_ENABLED=1 go build -trimpath -tags netgo,osusergo \
      -ldflags "-s -w -X main.version=${VERSION} -linkmode external -extldflags -static" \
      -o /out/cupertino ./cmd/cupertino \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
LABEL io.modelcontextprotocol.server.name="io.github.cupertino-go/cupertino"
COPY --from=build /out/cupertino /usr/local/bin/cupertino
# /data belongs to the nonroot user (65532), so a fresh named volume, which
# takes the directory's owner, is writable by setup.
COPY --from=build --chown=65532:65532 /out/data /data
VOLUME /data
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/cupertino"]
# 0.0.0.0 is beyond loopback, so serve refuses to start without a token.
CMD ["serve", "--http", "0.0.0.0:8080", "--base-dir", "/data"]
