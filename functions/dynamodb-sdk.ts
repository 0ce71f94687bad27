/**
 * The DynamoDB client of every function (the AWS SDK's DynamoDB and document clients and their
 * commands): in every Lambda package a file of its own, dynamodb-sdk.js beside index.js
 * (lib/gateway-function.ts, DYNAMODB_SDK), which index.js and each tool file require instead of a copy
 * of their own, so a first tool call does not load the SDK again. The bundles take the imports of
 * these packages from here (esbuild `alias`); the names they import must be exported here
 * (test/infra/bundles.test.ts checks it). The whole document client (12 KB more than the commands used).
 */
export { DynamoDBClient } from '@aws-sdk/client-dynamodb';
export * from '@aws-sdk/lib-dynamodb';
export { unmarshall } from '@aws-sdk/util-dynamodb';
